import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { range } from '../simulator/reports';
import { jsonOf, useNode } from '../helpers';

const node = useNode(new TelcoBillingReport());
const state = () => node.sim().state;
const report = (parameters: IDataObject) => ({ resource: 'report', operation: 'run', ...parameters });
const body = () => JSON.parse(JSON.stringify(node.sim().requests)) as Array<{ url: string }>;

function call(orig: string, startdate: string, billsec: number, destination = '0411222333') {
	state().cdrs.insert('demo-switch', 1, { orig_id: orig, startdate, enddate: null, accountcode: '', callerid: '0412346601', did: '', direction: 'outbound', destination, destination_info: '', application: '', duration: billsec, billsec, cost: null, disposition: 'ANSWERED', privacy_flag: 0 });
}

describe('Run', () => {
	test('Billed Minutes over a custom range: one row per day, worked out by hand', async () => {
		// Customer 1002's mobile service is on Standard Business: mobile 0.18/min + 0.10 flagfall, local 0.22 flat.
		call('a', '2026-10-05 09:00:00', 60); // 0.28
		call('b', '2026-10-05 10:00:00', 61); // 0.46
		call('c', '2026-10-06 11:00:00', 30, '0398765432'); // 0.22
		call('d', '2026-11-02 11:00:00', 30); // outside
		state().cdrs.rate();
		const result = await node.run(report({ report: 'billedMinutes', when: 'custom', dateFrom: '2026-10-01', dateTo: '2026-10-31' }));
		expect(jsonOf(result)).toEqual([
			{ date: '2026-10-05', total_calls: 2, billed_minutes: 2.02, total_sms: 0, billed_amount: 0.74 },
			{ date: '2026-10-06', total_calls: 1, billed_minutes: 0.5, total_sms: 0, billed_amount: 0.22 },
		]);
	});

	test('Billed Minutes Detailed, limited to chosen call types', async () => {
		call('a', '2026-10-05 09:00:00', 60);
		call('c', '2026-10-06 11:00:00', 30, '0398765432');
		state().cdrs.rate();
		const result = await node.run(report({ report: 'billedMinutesDetailed', when: 'custom', dateFrom: '01-10-2026', dateTo: '2026-10-31', reportOptions: { ctid: [1] } }));
		expect(jsonOf(result)).toEqual([{ call_type: 'Local', total_calls: 1, total_sms: 0, billed_minutes: 0.5, billed_amount: 0.22 }]);
	});

	test('Aged Receivables takes a date; rows for customers who owe, largest first when ordered', async () => {
		const result = await node.run(report({ report: 'agedReceivables', date: '2026-11-21T00:00:00', reportOptions: { order_by: 'balance', order_by_direction: 'desc' } }));
		const owing = state().customers.filter((c) => c.deptid === 1 && c.balance > 0).sort((a, b) => b.balance - a.balance);
		expect(jsonOf(result).map((r) => r.cid)).toEqual(owing.map((c) => c.cid));
		expect(jsonOf(result)[0]).toMatchObject({ balance: owing[0].balance, current: owing[0].balance, overdue120: 0 });
		expect(JSON.parse(JSON.stringify(node.sim().requests)).length).toBe(1);
	});

	test('New Services in a period, with the list price where the fee is 0', async () => {
		state().services[1].monthlyfee = 0;
		const result = await node.run(report({ report: 'newServices', when: 'custom', dateFrom: '2025-01-01', dateTo: '2025-03-31', reportOptions: { list_price_for_no_price: true } }));
		const expected = state().services.filter((s) => s.deptid === 1 && s.start_date >= '2025-01-01' && s.start_date <= '2025-03-31');
		expect(jsonOf(result).map((r) => r.enid)).toEqual(expected.map((s) => s.id));
		const type = state().serviceTypes.find((t) => t.esid === state().services[1].servicetype)!;
		expect(jsonOf(result).find((r) => r.enid === state().services[1].id)).toMatchObject({ monthly_fee: type.list_price, service_type: type.typeofservice });
	});

	test('Total Services Summary on a date, by service type', async () => {
		const result = await node.run(report({ report: 'totalServicesSummary', dateToOnly: '2026-06-01', reportOptions: { serviceTypes: [1] } }));
		const active = state().services.filter((s) => s.deptid === 1 && s.servicetype === 1 && s.start_date <= '2026-06-01' && (s.date_ended === null || s.date_ended >= '2026-06-01'));
		expect(jsonOf(result)).toEqual([{ service_type: 'NBN 100/20', service_count: active.length, monthly_fees: Number(active.reduce((sum, s) => sum + s.monthlyfee, 0).toFixed(2)) }]);
	});

	test('From and To keep the time the user gave (the spec prefers YYYY-MM-DD HH:MM:SS); a bare date stays a date', async () => {
		await node.run(report({ report: 'billedMinutes', when: 'custom', dateFrom: '2026-01-01T08:30:00', dateTo: '2026-01-31 12:00:00' }));
		await node.run(report({ report: 'agedReceivables', date: '2026-01-31' }));
		const sent = node.sim().requests.map((r) => (r.body as IDataObject).report_options);
		expect(sent).toEqual([{ when: 'custom', date_from: '2026-01-01 08:30:00', date_to: '2026-01-31 12:00:00' }, { date: '2026-01-31' }]);
	});

	test('Period offers only the spec’s periods; an undocumented one is refused; To does not promise the simulator’s whole-day rule', async () => {
		const when = new TelcoBillingReport().description.properties.find((p) => p.name === 'when')!;
		expect(when.options!.map((o) => (o as { value: string }).value).sort()).toEqual(['custom', 'last month', 'last quarter', 'last week', 'this month', 'this quarter', 'this week', 'this year', 'today', 'yesterday']);
		const to = new TelcoBillingReport().description.properties.find((p) => p.name === 'dateTo')!;
		expect(to.description).not.toMatch(/whole day/);
		const result = await node.run(report({ report: 'creditReport', when: '={{ "none" }}' }));
		expect(result.error?.message).toBe('Period (when) must be one of: custom, last month, last quarter, last week, this month, this quarter, this week, this year, today, yesterday');
		expect(node.sim().requests).toEqual([]);
	});

	test('a named period is sent as `when` for the platform to compute; a report with no rows gives no items', async () => {
		const result = await node.run(report({ report: 'creditReport', when: 'last quarter' }));
		expect(result.items).toEqual([]);
		expect(result.error).toBeUndefined();
		expect(body()).toHaveLength(1);
	});

	test('a report the platform does not know is its error, with the misspelt `succes:false` understood', async () => {
		const result = await node.run(report({ report: 'other', reportName: 'invoiceSummary', when: 'this month' }), { continueOnFail: true });
		expect(jsonOf(result)).toEqual([{ error: 'unknown report invoiceSummary' }]);
	});

	test.each([
		[{ report: 'billedMinutes', when: 'custom', dateFrom: '', dateTo: '2026-10-31' }, 'From (dateFrom) is required'],
		[{ report: 'billedMinutes', when: 'custom', dateFrom: '2026-02-30', dateTo: '2026-03-31' }, 'From (dateFrom) must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY'],
		[{ report: 'billedMinutes', when: 'custom', dateFrom: '2026-11-01', dateTo: '2026-10-01' }, 'From (dateFrom) must not be after To (dateTo)'],
		[{ report: 'agedReceivables', date: 'soon' }, 'Date (date) must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY'],
		[{ report: 'other', reportName: '={{ "" }}' }, 'Report Name (reportName) is required'],
	])('%j is refused before any request', async (parameters, message) => {
		const result = await node.run(report(parameters as IDataObject));
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});

describe('the period table the simulator follows (spec: Date handling)', () => {
	test.each([
		['today', '2026-11-21 10:00:00', '2026-11-21 00:00:00', '2026-11-21 23:59:59'],
		['yesterday', '2026-11-21 10:00:00', '2026-11-20 00:00:00', '2026-11-20 23:59:59'],
		['this week', '2026-11-21 10:00:00', '2026-11-16 00:00:00', '2026-11-22 23:59:59'],
		['last week', '2026-11-21 10:00:00', '2026-11-09 00:00:00', '2026-11-15 23:59:59'],
		['this month', '2026-02-10 10:00:00', '2026-02-01 00:00:00', '2026-02-28 23:59:59'],
		['last month', '2026-01-10 10:00:00', '2025-12-01 00:00:00', '2025-12-31 23:59:59'],
		['this year', '2026-11-21 10:00:00', '2026-01-01 00:00:00', '2026-11-21 10:00:00'],
		['this quarter', '2026-11-21 10:00:00', '2026-10-01 00:00:00', '2026-12-31 23:59:59'],
		['last quarter', '2026-02-21 10:00:00', '2025-10-01 00:00:00', '2025-12-31 23:59:59'],
	])('%s at %s is %s to %s', (when, now, from, to) => {
		expect(range(when, now)).toEqual({ from, to });
	});
});
