import { useReport } from '../kits/report';
import type { IDataObject } from 'n8n-workflow';
import { invoiceLines } from '../simulator/billing';
import { addDays, addMonths, endOfMonth } from '../simulator/dates';
import { melbourneNow } from '../simulator/melbourne';
import { range } from '../simulator/reports';
import { DEMO_KEY, OTHER_KEY, jsonOf } from '../harness/nodeRunner';
const { node, state, report } = useReport();
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
