import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingReportTrigger } from '../../nodes/TelcoBillingReportTrigger/TelcoBillingReportTrigger.node';
import { melbourneNow } from '../simulator/melbourne';
import { addDays } from '../simulator/dates';
import { advance } from '../simulator/history/advance';
import { runReport } from '../simulator/reports';
import { PollingTrigger } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';

export const OVERDUE = ['overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'];

/** An account's band as the simulator's own report gives it: the latest overdue band owed in, 1 to 5; 0 none. */
export function levelIn(row: IDataObject): number {
	return OVERDUE.reduce((level, band, index) => (Number(row[band]) > 0 ? index + 1 : level), 0);
}

/** A simulator per test file and the Report Trigger against it, with the platform moves the tests use. */
export function useReportTrigger() {
	const node = useNode(new TelcoBillingReportTrigger());
	const state = () => node.sim().state;
	const today = () => melbourneNow().slice(0, 10);
	return {
		node,
		state,
		today,
		trigger: (parameters: INodeParameters, apiKey = DEMO_KEY) =>
			new PollingTrigger(new TelcoBillingReportTrigger(), parameters, {
				baseUrl: node.sim().url,
				apiKey,
			}),
		/** Days pass on the platform (test/simulator/history/advance.ts). */
		advance: (days: number) => advance(state(), days),
		/** The simulator's own rows of a report for a department: what the tests' expectations are made from. */
		rows(report: string, options: IDataObject, deptid = 1): IDataObject[] {
			const result = runReport(state(), deptid, report, options);
			if ('error' in result) throw new Error(result.error);
			return result.rows as IDataObject[];
		},
		/** The last `days` days, today included, as the trigger asks for them. */
		lastDays: (days: number) => ({
			date_from: `${addDays(today(), -(days - 1))} 00:00:00`,
			date_to: `${today()} 23:59:59`,
		}),
		/** Each account's band now, by cid, as the simulator's Aged Receivables gives it. */
		levels(deptid = 1): Map<number, number> {
			const rows = runReport(state(), deptid, 'agedReceivables', { date: today() });
			if ('error' in rows) throw new Error(rows.error);
			return new Map(rows.rows.map((row) => [Number(row.cid), levelIn(row as IDataObject)]));
		},
		/** An invoice of `amount` (tax included) that fell due `daysAgo` days ago, unpaid. */
		owe(cid: number, amount: number, daysAgo: number): number {
			const iid = state().nextId('invoice', 80001);
			const due = addDays(today(), -daysAgo);
			state().invoices.push({
				iid,
				deptid: state().customers.find((c) => c.cid === cid)!.deptid,
				cid,
				date: addDays(due, -14),
				due_date: due,
				bill_run_id: null,
				products: [],
				total: amount,
				paid: 0,
				lines: [],
			});
			return iid;
		},
		/** A payment today of `amount`, against the customer's oldest invoices. */
		pay(cid: number, amount: number): void {
			state().payments.push({
				id: state().nextId('payment', 70001),
				cid,
				amount,
				kind: 'external',
				method: 'eft',
				transaction_id: `TEST-${cid}-${amount}`,
				date: today(),
			});
		},
		/** Time passes for one account alone: its invoices and payments `days` days older. */
		age(cid: number, days: number): void {
			for (const invoice of state().invoices.filter((i) => i.cid === cid)) {
				invoice.date = addDays(invoice.date, -days);
				invoice.due_date = addDays(invoice.due_date, -days);
			}
			for (const payment of state().payments.filter((p) => p.cid === cid))
				payment.date = addDays(payment.date.slice(0, 10), -days);
		},
		/** The report requests the simulator received. */
		reportRequests: () =>
			node
				.sim()
				.requests.filter((r) => r.url.endsWith('/report'))
				.map((r) => r.body as IDataObject),
	};
}

export async function emitted(poller: PollingTrigger, mode: 'trigger' | 'manual' = 'trigger') {
	const result = await poller.poll(mode);
	return result ? result[0].map((item) => item.json) : [];
}
