import { useReport } from '../kits/report';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { range } from '../simulator/reports';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, report, body, call } = useReport();

describe('Run', () => {
	test('From and To keep the time the user gave (the spec prefers YYYY-MM-DD HH:MM:SS); a bare date stays a date', async () => {
		await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2026-01-01T08:30:00',
				dateTo: '2026-01-31 12:00:00',
			}),
		);
		await node.run(report({ report: 'agedReceivables', date: '2026-01-31' }));
		const sent = node.sim().requests.map((r) => (r.body as IDataObject).report_options);
		expect(sent).toEqual([
			{ when: 'custom', date_from: '2026-01-01 08:30:00', date_to: '2026-01-31 12:00:00' },
			{ date: '2026-01-31' },
		]);
	});
	test(
		'Period offers only the spec’s periods; an undocumented one is refused; ' +
			'To promises the whole day only for a date without a time',
		async () => {
			const when = new TelcoBillingReport().description.properties.find((p) => p.name === 'when')!;
			expect(when.options!.map((o) => (o as { value: string }).value).sort()).toEqual([
				'custom',
				'last month',
				'last quarter',
				'last week',
				'this month',
				'this quarter',
				'this week',
				'this year',
				'today',
				'yesterday',
			]);
			const to = new TelcoBillingReport().description.properties.find((p) => p.name === 'dateTo')!;
			expect(to.description).toMatch(/without a time.*23:59:59/);
			const result = await node.run(report({ report: 'creditReport', when: '={{ "none" }}' }));
			expect(result.error?.message).toBe(
				'Period (when) must be one of: custom, last month, last quarter, last week, this ' +
					'month, this quarter, this week, this year, today, yesterday',
			);
			expect(node.sim().requests).toEqual([]);
		},
	);
	test('a named period is sent as `when` for the platform to compute', async () => {
		const result = await node.run(report({ report: 'creditReport', when: 'last quarter' }));
		const { from, to } = range('last quarter');
		expect(result.items.length).toBeGreaterThan(0);
		expect(
			jsonOf(result).every(
				(r) => `${String(r.date)} 00:00:00` >= from && `${String(r.date)} 00:00:00` <= to,
			),
		).toBe(true);
		expect(body()).toHaveLength(1);
	});
	test.each([
		[
			{ report: 'billedMinutes', when: 'custom', dateFrom: '', dateTo: '2026-10-31' },
			'From (dateFrom) is required',
		],
		[
			{ report: 'billedMinutes', when: 'custom', dateFrom: '2026-02-30', dateTo: '2026-03-31' },
			'From (dateFrom) must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY',
		],
		[
			{ report: 'billedMinutes', when: 'custom', dateFrom: '2026-11-01', dateTo: '2026-10-01' },
			'From (dateFrom) must not be after To (dateTo)',
		],
		[
			{ report: 'agedReceivables', date: 'soon' },
			'Date (date) must be a real date as YYYY-MM-DD, YYYY-MM-DD HH:MM:SS or DD-MM-YYYY',
		],
		[{ report: 'other', reportName: '={{ "" }}' }, 'Report Name (reportName) is required'],
	])('%j is refused before any request', async (parameters, message) => {
		const result = await node.run(report(parameters as IDataObject));
		expect(result.error?.message).toBe(message);
		expect(node.sim().requests).toEqual([]);
	});
});

describe('To (Inclusive): a date without a time takes in that whole day', () => {
	const days = Array.from({ length: 16 }, (_, i) => `2020-11-${String(i + 1).padStart(2, '0')}`);
	beforeEach(() => {
		// One call a day from 1 to 16 November, years before the seeded history.
		days.forEach((day, i) => call(`n${i}`, `${day} 14:00:00`, 60));
		state().cdrs.rate();
	});
	test.each([
		['picked in the date picker (midnight)', '2020-11-01T00:00:00', '2020-11-15T00:00:00'],
		['typed as a bare date', '2020-11-01', '2020-11-15'],
		['as DD-MM-YYYY', '01-11-2020', '15-11-2020'],
		[
			'from an expression ($today is midnight, with an offset)',
			'2020-11-01',
			'2020-11-15T00:00:00.000+11:00',
		],
	])('1–15 November %s gives 15 days, the 15th included', async (_how, dateFrom, dateTo) => {
		const result = await node.run(
			report({ report: 'billedMinutes', when: 'custom', dateFrom, dateTo }),
		);
		expect(jsonOf(result).map((r) => r.date)).toEqual(days.slice(0, 15));
		// Sent with its time, so it does not rest on how the platform reads a bare date (the spec does not say).
		const sent = node
			.sim()
			.requests.map((r) => (r.body as IDataObject).report_options as IDataObject);
		expect(sent[0].date_to).toBe('2020-11-15 23:59:59');
	});
	test('a To with a time keeps it: the range ends there', async () => {
		const result = await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2020-11-01',
				dateTo: '2020-11-15T12:00:00',
			}),
		);
		expect(jsonOf(result).map((r) => r.date)).toEqual(days.slice(0, 14));
	});
	test('the field says so itself, not only in its tooltip', () => {
		const to = new TelcoBillingReport().description.properties.find((p) => p.name === 'dateTo')!;
		expect(to.displayName).toBe('To (Inclusive)');
		expect(to.hint).toMatch(
			/^A date without a time includes that whole day\. A time with Z or an offset/,
		);
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

describe('Run: datetimes with an offset are converted to the platform’s clock (Melbourne)', () => {
	test.each([
		// November is Melbourne summer time (UTC+11).
		['2026-11-20T10:00:00Z', '2026-11-20 21:00:00'],
		['2026-11-20T10:00:00+02:00', '2026-11-20 19:00:00'],
		['2026-11-20T23:30:00-05:00', '2026-11-21 15:30:00'],
		// June is standard time (UTC+10).
		['2026-06-30T15:00:00.000Z', '2026-07-01 01:00:00'],
		// Without an offset: Melbourne wall time, as written.
		['2026-11-20T10:00:00', '2026-11-20 10:00:00'],
	])('From %s is sent as %s', async (given, sent) => {
		await node.run(
			report({ report: 'billedMinutes', when: 'custom', dateFrom: given, dateTo: '2026-12-31' }),
		);
		const options = (node.sim().requests[0].body as IDataObject).report_options as IDataObject;
		expect(options.date_from).toBe(sent);
	});
	test('a To moment with an offset ends the range at that Melbourne time; a To day picked at midnight in any zone is the whole day', async () => {
		await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2026-11-01',
				dateTo: '2026-11-20T10:00:00Z',
			}),
		);
		await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2026-11-01',
				dateTo: '2026-11-20T00:00:00.000-05:00',
			}),
		);
		const sent = node
			.sim()
			.requests.map((r) => ((r.body as IDataObject).report_options as IDataObject).date_to);
		expect(sent).toEqual(['2026-11-20 21:00:00', '2026-11-20 23:59:59']);
	});
	test('a From day picked at midnight in another zone (a luxon DateTime in UTC) starts at that day’s midnight, not 10:00 Melbourne (found by test/properties/dates)', async () => {
		await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: "={{ DateTime.fromISO('2028-05-12T00:00:00', { zone: 'UTC' }) }}",
				dateTo: '2029-04-30T00:00:01Z',
			}),
		);
		const options = (node.sim().requests[0].body as IDataObject).report_options as IDataObject;
		expect([options.date_from, options.date_to]).toEqual([
			'2028-05-12 00:00:00',
			'2029-04-30 10:00:01',
		]);
	});
});
