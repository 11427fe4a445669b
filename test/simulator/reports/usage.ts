import { melbourneNow } from '../melbourne';
import type { Cdr } from '../rating';
import type { Service } from '../state';
import { money } from './context';
import type { Context, Row } from './context';

interface Call {
	cdr: Cdr;
	price: number;
	ratecode: string;
	rateName: string;
}

/** The department's billed calls (imported or from the history) that started within the range. */
export function billedCalls(ctx: Context, inRange = ctx.inRange): Call[] {
	const calls: Call[] = [];
	for (const billed of ctx.state.cdrs.billed.values()) {
		if (billed.deptid !== ctx.deptid || !inRange(billed.startdate)) continue;
		calls.push({
			cdr: ctx.state.cdrs.find(billed.id)!,
			price: Number(billed.price),
			ratecode: billed.ratecode,
			rateName: billed.rate_name,
		});
	}
	return calls;
}

type Totals = { calls: number; minutes: number; amount: number };

function add(totals: Map<string, Totals>, key: string, call: Call): void {
	const entry = totals.get(key) ?? { calls: 0, minutes: 0, amount: 0 };
	entry.calls++;
	entry.minutes += call.cdr.billsec / 60;
	entry.amount += call.price;
	totals.set(key, entry);
}

// The simulator rates voice calls only: no call type is an SMS, so total_sms is always 0.
export const usageReports: Record<string, (ctx: Context) => Row[]> = {
	billedMinutes(ctx) {
		const byDay = new Map<string, Totals>();
		for (const call of billedCalls(ctx)) add(byDay, call.cdr.startdate.slice(0, 10), call);
		return [...byDay]
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([date, e]) => ({
				date,
				total_calls: e.calls,
				billed_minutes: e.minutes.toFixed(2),
				total_sms: 0,
				billed_amount: money(e.amount),
			}));
	},

	billedMinutesDetailed(ctx) {
		const wanted = (ctx.options.ctid as number[] | undefined)?.map(Number);
		const byType = new Map<string, Totals>();
		for (const call of billedCalls(ctx)) {
			const type = ctx.state.callTypes.find((t) => t.internal_code === call.ratecode);
			if (wanted?.length && (!type || !wanted.includes(type.ctid))) continue;
			add(byType, type?.name ?? call.rateName, call);
		}
		return [...byType]
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([call_type, e]) => ({
				call_type,
				total_calls: e.calls,
				total_sms: 0,
				billed_minutes: e.minutes.toFixed(2),
				billed_amount: money(e.amount),
			}));
	},

	/**
	 * Services connected on date_to (today when omitted; pending ones are not connected yet), by type.
	 * With include_usage, total_ex_usage is the monthly fees plus the calls billed from the first of
	 * date_to's month to date_to, ex tax.
	 */
	totalServicesSummary(ctx) {
		const until = ctx.to ?? melbourneNow();
		const day = until.slice(0, 10);
		const wanted = (ctx.options.serviceTypes as number[] | undefined)?.map(Number);
		const connected = ctx.services.filter(
			(s) =>
				s.start_date <= day &&
				(s.date_ended === null || s.date_ended >= day) &&
				s.service_status !== 'pending' &&
				ctx.inGroups(s.cid) &&
				(!wanted?.length || wanted.includes(s.servicetype)),
		);
		const usage = new Map<Service, number>();
		if (ctx.options.include_usage) {
			const monthStart = `${day.slice(0, 8)}01 00:00:00`;
			for (const call of billedCalls(ctx, (at) => at >= monthStart && at <= until)) {
				const service = ctx.state.serviceByNumber(ctx.deptid, call.cdr.callerid);
				if (service) usage.set(service, (usage.get(service) ?? 0) + call.price);
			}
		}
		const byType = new Map<string, { count: number; fees: number; usage: number }>();
		for (const s of connected) {
			const entry = byType.get(ctx.typeName(s.servicetype)) ?? { count: 0, fees: 0, usage: 0 };
			entry.count++;
			entry.fees += s.monthlyfee;
			entry.usage += usage.get(s) ?? 0;
			byType.set(ctx.typeName(s.servicetype), entry);
		}
		return [...byType].map(([service_type, e]) => ({
			service_type,
			service_count: e.count,
			monthly_fees: money(e.fees),
			...(ctx.options.include_usage ? { total_ex_usage: money(e.fees + e.usage) } : {}),
		}));
	},
};
