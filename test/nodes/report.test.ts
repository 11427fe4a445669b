import { useReport } from '../kits/report';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { invoiceLines } from '../simulator/billing';
import { addDays, addMonths, endOfMonth } from '../simulator/dates';
import { melbourneNow } from '../simulator/melbourne';
import { range } from '../simulator/reports';
import { DEMO_KEY, OTHER_KEY, jsonOf } from '../harness/nodeRunner';

const { node, state, report, body, call } = useReport();

describe('Run', () => {
	// Imported calls years before the seeded history, so these totals are only theirs.
	test('Billed Minutes over a custom range: one row per day, worked out by hand', async () => {
		// Customer 1002's mobile service is on Standard Business: mobile 0.18/min + 0.10 flagfall, local 0.22 flat.
		call('a', '2020-10-05 09:00:00', 60); // 0.28
		call('b', '2020-10-05 10:00:00', 61); // 0.46
		call('c', '2020-10-06 11:00:00', 30, '0398765432'); // 0.22
		call('d', '2020-11-02 11:00:00', 30); // outside
		state().cdrs.rate();
		const result = await node.run(
			report({
				report: 'billedMinutes',
				when: 'custom',
				dateFrom: '2020-10-01',
				dateTo: '2020-10-31',
			}),
		);
		expect(jsonOf(result)).toEqual([
			{
				date: '2020-10-05',
				total_calls: 2,
				billed_minutes: 2.02,
				total_sms: 0,
				billed_amount: 0.74,
			},
			{
				date: '2020-10-06',
				total_calls: 1,
				billed_minutes: 0.5,
				total_sms: 0,
				billed_amount: 0.22,
			},
		]);
	});

	test('Billed Minutes Detailed, limited to chosen call types', async () => {
		call('a', '2020-10-05 09:00:00', 60);
		call('c', '2020-10-06 11:00:00', 30, '0398765432');
		state().cdrs.rate();
		const result = await node.run(
			report({
				report: 'billedMinutesDetailed',
				when: 'custom',
				dateFrom: '01-10-2020',
				dateTo: '2020-10-31',
				reportOptions: { ctid: [1] },
			}),
		);
		expect(jsonOf(result)).toEqual([
			{
				call_type: 'Local',
				total_calls: 1,
				total_sms: 0,
				billed_minutes: 0.5,
				billed_amount: 0.22,
			},
		]);
	});

	test('Aged Receivables takes a date; rows for customers who owe, largest first when ordered', async () => {
		const result = await node.run(
			report({
				report: 'agedReceivables',
				date: `${melbourneNow().slice(0, 10)}T00:00:00`,
				reportOptions: { order_by: 'balance', order_by_direction: 'desc' },
			}),
		);
		const owing = state()
			.customers.filter((c) => c.deptid === 1 && c.balance > 0)
			.sort((a, b) => b.balance - a.balance);
		expect(jsonOf(result).map((r) => r.cid)).toEqual(owing.map((c) => c.cid));
		expect(jsonOf(result)[0]).toMatchObject({ balance: owing[0].balance });
		expect(JSON.parse(JSON.stringify(node.sim().requests)).length).toBe(1);
	});

	test('New Services in a period, with the list price where the fee is 0', async () => {
		state().services[1].monthlyfee = 0;
		const result = await node.run(
			report({
				report: 'newServices',
				when: 'custom',
				dateFrom: '2025-01-01',
				dateTo: '2025-03-31',
				reportOptions: { list_price_for_no_price: true },
			}),
		);
		const expected = state().services.filter(
			(s) => s.deptid === 1 && s.start_date >= '2025-01-01' && s.start_date <= '2025-03-31',
		);
		expect(jsonOf(result).map((r) => r.enid)).toEqual(expected.map((s) => s.id));
		const type = state().serviceTypes.find((t) => t.esid === state().services[1].servicetype)!;
		expect(jsonOf(result).find((r) => r.enid === state().services[1].id)).toMatchObject({
			monthly_fee: type.list_price,
			service_type: type.typeofservice,
		});
	});

	test('Total Services Summary on a date, by service type', async () => {
		const result = await node.run(
			report({
				report: 'totalServicesSummary',
				dateToOnly: '2026-06-01',
				reportOptions: { serviceTypes: [1] },
			}),
		);
		const active = state().services.filter(
			(s) =>
				s.deptid === 1 &&
				s.servicetype === 1 &&
				s.start_date <= '2026-06-01' &&
				(s.date_ended === null || s.date_ended >= '2026-06-01'),
		);
		expect(jsonOf(result)).toEqual([
			{
				service_type: 'NBN 100/20',
				service_count: active.length,
				monthly_fees: Number(active.reduce((sum, s) => sum + s.monthlyfee, 0).toFixed(2)),
			},
		]);
	});

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

	test('Period offers only the spec’s periods; an undocumented one is refused; To does not promise the simulator’s whole-day rule', async () => {
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
		expect(to.description).not.toMatch(/whole day/);
		const result = await node.run(report({ report: 'creditReport', when: '={{ "none" }}' }));
		expect(result.error?.message).toBe(
			'Period (when) must be one of: custom, last month, last quarter, last week, this ' +
				'month, this quarter, this week, this year, today, yesterday',
		);
		expect(node.sim().requests).toEqual([]);
	});

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

	test('a report with no rows gives no items', async () => {
		const result = await node.run(
			report({
				report: 'creditReport',
				when: 'custom',
				dateFrom: '2019-01-01',
				dateTo: '2019-12-31',
			}),
		);
		expect(result.items).toEqual([]);
		expect(result.error).toBeUndefined();
	});

	test('a report the platform does not know is its error, with the misspelt `succes:false` understood', async () => {
		const result = await node.run(
			report({ report: 'other', reportName: 'invoiceSummary', when: 'this month' }),
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([{ error: 'unknown report invoiceSummary' }]);
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

// The seeded history is generated relative to today (Melbourne time), so these hold whenever they run.
const TODAY = melbourneNow().slice(0, 10);
const THIS_MONTH = `${TODAY.slice(0, 8)}01`;
const LAST_MONTH = addMonths(THIS_MONTH, -1);
const total = (rows: IDataObject[], field: string) =>
	rows.reduce((sum, row) => sum + Number(row[field]), 0);
const between = (from: string, to: string) => ({ when: 'custom', dateFrom: from, dateTo: to });

async function rows(parameters: IDataObject, apiKey = DEMO_KEY): Promise<IDataObject[]> {
	const result = await node.run(report(parameters), { apiKey });
	expect(result.error).toBeUndefined();
	return jsonOf(result);
}

describe('every report has rows on the seeded history, with the fields the spec lists', () => {
	const lastMonth = { when: 'last month' };
	const cases: Array<[string, IDataObject, string[]]> = [
		[
			'activeCustomersSummary',
			lastMonth,
			['date', 'new_customers', 'end_customers', 'total_customers'],
		],
		[
			'agedReceivables',
			{ date: TODAY },
			[
				'cid',
				'display_name',
				'balance',
				'current',
				'overdue0',
				'overdue30',
				'overdue60',
				'overdue90',
				'overdue120',
			],
		],
		[
			'ancilliaryCharges',
			lastMonth,
			[
				'late_fee_count',
				'late_fee_amount',
				'payment_fee_count',
				'payment_fee_amount',
				'paper_bill_fee_count',
				'paper_bill_fee_amount',
			],
		],
		[
			'billedMinutesDetailed',
			lastMonth,
			['call_type', 'total_calls', 'total_sms', 'billed_minutes', 'billed_amount'],
		],
		[
			'billedMinutes',
			lastMonth,
			['date', 'total_calls', 'billed_minutes', 'total_sms', 'billed_amount'],
		],
		['creditReport', lastMonth, ['date', 'cid', 'company', 'amount', 'description', 'iid']],
		[
			'customerInvoicesServicesCallsSummary',
			lastMonth,
			['cid', 'name', 'invoice_total', 'service_fees', 'usage', 'credits'],
		],
		[
			'customerEndedDetail',
			lastMonth,
			[
				'cid',
				'company',
				'accountManager',
				'serviceTypes',
				'cancellationReason',
				'lastDate',
				'avg6monthspend',
				'avgMinutes',
				'avgSms',
			],
		],
		[
			'endedServicesDetailed',
			lastMonth,
			[
				'enid',
				'customer',
				'Account Manager',
				'avg_account_spend',
				'avg_service_spend',
				'cancellation_request_date',
				'churn_reason',
				'avg_minutes',
				'avg_sms',
				'start_date',
				'end_date',
				'service_type',
				'monthly_fee',
			],
		],
		[
			'gpServices',
			lastMonth,
			[
				'servicetype',
				'billed_count',
				'service_cost',
				'service_sell',
				'billed_minutes',
				'usage_cost',
				'usage_sell',
				'gp',
				'gp_percent',
			],
		],
		[
			'salesInvoiceDetail',
			lastMonth,
			[
				'cid',
				'company',
				'abn',
				'name',
				'surname',
				'email',
				'address',
				'iid',
				'total',
				'duedate',
				'dept_name',
			],
		],
		[
			'customerNewDetails',
			lastMonth,
			[
				'cid',
				'company',
				'min_spend',
				'contract_length',
				'expected_revenue',
				'monthly_fees',
				'setup_fees',
				'service_types',
				'billinggroup',
				'bundle_fees',
				'services',
			],
		],
		[
			'newServicesSalesPersonSummary',
			lastMonth,
			['sales_person', 'total_sales', 'monthly_fees', 'NBN 100/20', 'Mobile 20GB'],
		],
		[
			'newServicesSourceSummary',
			lastMonth,
			['source', 'total_sales', 'monthly_fees', 'NBN 100/20', 'Mobile 20GB'],
		],
		[
			'newServices',
			lastMonth,
			['enid', 'cid', 'customer', 'start_date', 'service_type', 'monthly_fee', 'newCustomer'],
		],
		[
			'newServicesSummary',
			lastMonth,
			['service_type', 'service_count', 'monthly_fees', 'new_customers', 'existing_customers'],
		],
		[
			'paymentsReceivedAgedReceivables',
			lastMonth,
			['total', 'current', 'overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'],
		],
		['summaryRevenuePaymentsReceived', lastMonth, ['month', 'revenue', 'payments']],
		[
			'engineeringCommissionLiabilityReportDetailed',
			lastMonth,
			['vid', 'company', 'vendorgroup', 'enid', 'service_number', 'amount', 'invoice_date', 'iid'],
		],
		[
			'totalServicesSummary',
			{ dateToOnly: TODAY, reportOptions: { include_usage: true } },
			['service_type', 'service_count', 'monthly_fees', 'total_ex_usage'],
		],
	];

	test.each(cases)('%s', async (name, parameters, fields) => {
		const found = await rows({ report: name, ...parameters });
		expect(found.length).toBeGreaterThan(0);
		for (const row of found) expect(Object.keys(row)).toEqual(expect.arrayContaining(fields));
		// Amounts and counts come out as numbers, not the platform's numeric strings.
		for (const field of [
			'balance',
			'total',
			'amount',
			'billed_amount',
			'invoice_total',
			'monthly_fees',
			'gp',
			'late_fee_amount',
		]) {
			if (field in found[0]) expect(typeof found[0][field]).toBe('number');
		}
	});
});

describe('the seeded history adds up', () => {
	test('the Report node as dropped in (Billed Minutes, Last Month) returns last month’s seeded calls, day by day', async () => {
		const days = await rows({});
		const { from, to } = range('last month');
		const calls = [...state().cdrs.billed.values()].filter(
			(b) => b.deptid === 1 && b.startdate >= from && b.startdate <= to,
		);
		expect(calls.length).toBeGreaterThan(0);
		expect(days.map((d) => d.date)).toEqual(
			[...new Set(calls.map((c) => c.startdate.slice(0, 10)))].sort(),
		);
		expect(total(days, 'total_calls')).toBe(calls.length);
		expect(total(days, 'billed_amount')).toBeCloseTo(
			calls.reduce((sum, c) => sum + Number(c.price), 0),
			2,
		);
		expect(total(days, 'billed_minutes')).toBeCloseTo(
			calls.reduce((sum, c) => sum + state().cdrs.find(c.id)!.billsec / 60, 0),
			0,
		);
	});

	test('each invoice’s total is the sum of its lines, and the invoice reports agree on last month', async () => {
		const invoices = await rows({ report: 'salesInvoiceDetail', when: 'last month' });
		for (const row of invoices) {
			const invoice = state().invoices.find((i) => i.iid === row.iid)!;
			const lines = invoiceLines(invoice, state().products);
			expect(lines.reduce((sum, l) => sum + l.amount + l.tax, 0)).toBeCloseTo(Number(row.total), 2);
		}
		const byCustomer = await rows({
			report: 'customerInvoicesServicesCallsSummary',
			when: 'last month',
		});
		const [month] = await rows({ report: 'summaryRevenuePaymentsReceived', when: 'last month' });
		const gp = await rows({ report: 'gpServices', when: 'last month' });
		expect(total(byCustomer, 'invoice_total')).toBeCloseTo(total(invoices, 'total'), 2);
		expect(month.revenue).toBeCloseTo(total(invoices, 'total'), 2);
		expect(total(byCustomer, 'service_fees')).toBeCloseTo(total(gp, 'service_sell'), 2);
		expect(total(byCustomer, 'usage')).toBeCloseTo(total(gp, 'usage_sell'), 2);
		for (const row of gp)
			expect(row.gp).toBeCloseTo(
				Number(row.service_sell) +
					Number(row.usage_sell) -
					Number(row.service_cost) -
					Number(row.usage_cost),
				2,
			);
	});

	test('this month’s invoices bill last month’s calls: the same amount and minutes as Billed Minutes', async () => {
		const billed = await rows({ report: 'billedMinutes', when: 'last month' });
		const invoiced = await rows({
			report: 'customerInvoicesServicesCallsSummary',
			when: 'this month',
		});
		const gp = await rows({ report: 'gpServices', when: 'this month' });
		expect(total(billed, 'billed_amount')).toBeGreaterThan(0);
		expect(total(invoiced, 'usage')).toBeCloseTo(total(billed, 'billed_amount'), 2);
		expect(total(gp, 'billed_minutes')).toBeCloseTo(total(billed, 'billed_minutes'), 0);
	});

	test('payments received move the balances: closing = opening + invoiced − credited − paid', async () => {
		const period = between(LAST_MONTH, TODAY);
		const opening = await rows({ report: 'agedReceivables', date: addDays(LAST_MONTH, -1) });
		const closing = await rows({ report: 'agedReceivables', date: TODAY });
		const months = await rows({ report: 'summaryRevenuePaymentsReceived', ...period });
		const credits = await rows({ report: 'creditReport', ...period });
		const [received] = await rows({ report: 'paymentsReceivedAgedReceivables', ...period });
		const credited = credits.reduce((sum, c) => sum + Math.round(Number(c.amount) * 110) / 100, 0);
		expect(months.map((m) => m.month)).toEqual([LAST_MONTH.slice(0, 7), THIS_MONTH.slice(0, 7)]);
		expect(total(months, 'payments')).toBeGreaterThan(0);
		expect(total(closing, 'balance') - total(opening, 'balance')).toBeCloseTo(
			total(months, 'revenue') - credited - total(months, 'payments'),
			2,
		);
		expect(received.total).toBeCloseTo(total(months, 'payments'), 2);
		expect(
			total([received], 'current') +
				total([received], 'overdue0') +
				total([received], 'overdue30') +
				total([received], 'overdue60') +
				total([received], 'overdue90') +
				total([received], 'overdue120'),
		).toBeCloseTo(Number(received.total), 2);
		const owing = state().customers.filter((c) => c.deptid === 1 && c.balance > 0);
		expect(total(closing, 'balance')).toBeCloseTo(
			owing.reduce((sum, c) => sum + c.balance, 0),
			2,
		);
	});

	test('Aged Receivables splits each balance into its bands; a customer under credit management is 120+ days behind', async () => {
		const aged = await rows({ report: 'agedReceivables', date: TODAY });
		const bands = ['current', 'overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'];
		for (const row of aged)
			expect(
				total([row], 'current') + bands.slice(1).reduce((sum, b) => sum + Number(row[b]), 0),
			).toBeCloseTo(Number(row.balance), 2);
		const managed = state().customers.find(
			(c) => c.deptid === 1 && c.credit_management === 1 && aged.some((r) => r.cid === c.cid),
		)!;
		expect(aged.find((r) => r.cid === managed.cid)!.overdue120).toBeGreaterThan(0);
	});

	test('a payment recorded through the API shows in Payments Received and comes off the oldest debt', async () => {
		const [before] = await rows({
			report: 'agedReceivables',
			date: TODAY,
			reportOptions: { order_by: 'overdue120', order_by_direction: 'desc' },
		});
		expect(before.overdue120).toBeGreaterThanOrEqual(10);
		const [paidBefore] = await rows({
			report: 'paymentsReceivedAgedReceivables',
			when: 'this month',
		});
		// Through the platform's own endpoint, as another workflow would record it.
		const response = await fetch(
			`${node.sim().url}/${DEMO_KEY}/customer/external-payment/${String(before.cid)}`,
			{
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ transaction_id: 'EFT-REPORT-1', amount: 10, date: TODAY }),
			},
		);
		expect(await response.json()).toMatchObject({ success: true });
		const after = (await rows({ report: 'agedReceivables', date: TODAY })).find(
			(r) => r.cid === before.cid,
		)!;
		const [paidAfter] = await rows({
			report: 'paymentsReceivedAgedReceivables',
			when: 'this month',
		});
		expect(after).toMatchObject({
			balance: expect.closeTo(Number(before.balance) - 10, 2),
			overdue120: expect.closeTo(Number(before.overdue120) - 10, 2),
		});
		expect(paidAfter).toMatchObject({
			total: expect.closeTo(Number(paidBefore.total) + 10, 2),
			overdue120: expect.closeTo(Number(paidBefore.overdue120) + 10, 2),
		});
	});

	test('new and ended services of last month: the service and customer reports tell the same story', async () => {
		const { from, to } = range('last month');
		const inMonth = (date: string | null) =>
			date !== null && `${date} 00:00:00` >= from && `${date} 00:00:00` <= to;
		const mine = state().services.filter((s) => s.deptid === 1);
		const added = await rows({ report: 'newServices', when: 'last month' });
		expect(added.map((r) => r.enid)).toEqual(
			mine.filter((s) => inMonth(s.start_date)).map((s) => s.id),
		);
		const newCustomers = [...new Set(added.filter((r) => r.newCustomer).map((r) => r.cid))];
		const [summary, bySalesPerson, bySource, details, [active]] = await Promise.all(
			[
				'newServicesSummary',
				'newServicesSalesPersonSummary',
				'newServicesSourceSummary',
				'customerNewDetails',
				'activeCustomersSummary',
			].map(async (name) => await rows({ report: name, when: 'last month' })),
		);
		expect(total(summary, 'service_count')).toBe(added.length);
		expect(total(summary, 'new_customers')).toBe(newCustomers.length);
		expect(total(bySalesPerson, 'total_sales')).toBe(added.length);
		expect(total(bySource, 'total_sales')).toBe(added.length);
		expect(details.map((d) => d.cid)).toEqual(newCustomers);
		expect(active.new_customers).toBe(newCustomers.length);

		const ended = await rows({ report: 'endedServicesDetailed', when: 'last month' });
		expect(ended.map((r) => r.enid)).toEqual(
			mine.filter((s) => inMonth(s.date_ended)).map((s) => s.id),
		);
		expect(ended.some((r) => typeof r.churn_reason === 'string')).toBe(true);
		const left = await rows({ report: 'customerEndedDetail', when: 'last month' });
		expect(left.length).toBeGreaterThan(0);
		for (const row of left)
			expect(
				mine
					.filter((s) => s.cid === row.cid)
					.every((s) => s.date_ended !== null && s.date_ended <= String(row.lastDate)),
			).toBe(true);
		expect(active.end_customers).toBe(left.length);
	});

	test('fees and commissions: late fees where invoices went unpaid, and 8% of every NBN fee to its installer', async () => {
		const [fees] = await rows({ report: 'ancilliaryCharges', when: 'last month' });
		expect(fees.late_fee_count).toBeGreaterThan(0);
		expect(fees.late_fee_amount).toBeCloseTo(10 * Number(fees.late_fee_count), 2);
		expect(fees.payment_fee_count).toBeGreaterThan(0);
		const commissions = await rows({
			report: 'engineeringCommissionLiabilityReportDetailed',
			when: 'last month',
		});
		const nbn = (
			await rows({ report: 'gpServices', when: 'last month', reportOptions: { esid: [1, 4] } })
		).reduce((sum, r) => sum + Number(r.service_sell), 0);
		expect(total(commissions, 'amount')).toBeCloseTo(nbn * 0.08, 1);
		expect(commissions.every((c) => c.vendorgroup === 'Engineering')).toBe(true);
	});

	test('Total Services Summary with usage adds the calls billed from the first of the month', async () => {
		const summary = await rows({
			report: 'totalServicesSummary',
			dateToOnly: endOfMonth(LAST_MONTH),
			reportOptions: { include_usage: true },
		});
		const mobile = summary.find((r) => r.service_type === 'Mobile 20GB')!;
		const internet = summary.find((r) => r.service_type === 'NBN 100/20')!;
		expect(Number(mobile.total_ex_usage)).toBeGreaterThan(Number(mobile.monthly_fees));
		expect(internet.total_ex_usage).toBe(internet.monthly_fees);
	});

	test('another department’s key sees only its own invoices and debts', async () => {
		const theirs = new Set(
			state()
				.customers.filter((c) => c.deptid === 2)
				.map((c) => c.cid),
		);
		const invoices = await rows({ report: 'salesInvoiceDetail', when: 'last month' }, OTHER_KEY);
		const aged = await rows({ report: 'agedReceivables', date: TODAY }, OTHER_KEY);
		expect(invoices.length).toBeGreaterThan(0);
		expect(
			invoices.every((r) => theirs.has(r.cid as number) && r.dept_name === 'Other Carrier'),
		).toBe(true);
		expect(aged.length).toBeGreaterThan(0);
		expect(aged.every((r) => theirs.has(r.cid as number))).toBe(true);
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
