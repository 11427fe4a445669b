import { addDays, addMonths, daysInMonth } from '../dates';
import type { Customer, Service, State } from '../state';

/** [months before this month, day of that month]; this month's days never pass today. */
type MonthDay = [number, number];

interface RecentService {
	/** Position of the customer in its department's list (a department without it skips the row). */
	customer: number;
	esid: number;
	start: MonthDay;
	end?: MonthDay;
	reason?: string;
	source: string;
	contract?: string;
}

// Customers 15 to 20 have no service in the seed, so they arrive (or leave) as new customers; the others
// already have one. None of them is suspended, disconnected or inactive, so their story stays plain.
const RECENT: RecentService[] = [
	{ customer: 15, esid: 1, start: [1, 5], source: 'web', contract: '24 months' },
	{ customer: 16, esid: 2, start: [1, 12], source: 'referral' },
	{ customer: 17, esid: 5, start: [1, 20], source: 'partner', contract: '24 months' },
	{ customer: 1, esid: 4, start: [1, 8], source: 'web' },
	{ customer: 4, esid: 2, start: [1, 15], source: 'referral' },
	{ customer: 18, esid: 3, start: [0, 3], source: 'web' },
	{ customer: 2, esid: 5, start: [0, 2], source: 'partner' },
	{
		customer: 19,
		esid: 4,
		start: [8, 10],
		end: [1, 18],
		reason: 'Moved to a competitor',
		source: 'web',
	},
	{
		customer: 3,
		esid: 2,
		start: [10, 1],
		end: [1, 25],
		reason: 'No longer needed',
		source: 'referral',
	},
	{
		customer: 6,
		esid: 1,
		start: [4, 9],
		end: [1, 28],
		reason: 'Moved premises',
		source: 'partner',
	},
	{ customer: 20, esid: 2, start: [5, 14], end: [0, 10], reason: 'Price', source: 'web' },
];

export function monthDay(today: string, [monthsAgo, day]: MonthDay): string {
	const month = addMonths(`${today.slice(0, 8)}01`, -monthsAgo);
	const last = monthsAgo === 0 ? Number(today.slice(8, 10)) : daysInMonth(month);
	return `${month.slice(0, 8)}${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * Services that started or ended in the last months, relative to today, so the new and ended service
 * reports have something in "last month" and "this month" whenever they run. Ended ones carry the
 * cancellation the churn reports read.
 */
export function seedRecentServices(state: State, deptid: number, today: string): void {
	const customers = state.customers.filter((c) => c.deptid === deptid);
	RECENT.forEach((spec, k) => {
		const customer = customers[spec.customer];
		if (!customer) return;
		const start = monthDay(today, spec.start);
		const end = spec.end ? monthDay(today, spec.end) : null;
		startService(state, customer, {
			esid: spec.esid,
			start,
			end,
			reason: spec.reason,
			source: spec.source,
			contract: spec.contract,
			number:
				spec.esid === 2
					? `04${97000000 + deptid * 1000 + k}`
					: `N${deptid}2${String(k).padStart(5, '0')}`,
		});
	});
}

/**
 * A service of the customer's from `start` (ended on `end`, with its cancellation, when given), priced from
 * the customer's price book: what a sale or the passing of time adds to the platform.
 */
export function startService(
	state: State,
	customer: Customer,
	spec: {
		esid: number;
		start: string;
		end?: string | null;
		reason?: string;
		source: string;
		contract?: string;
		number: string;
	},
): Service {
	const type = state.serviceTypes.find((t) => t.esid === spec.esid)!;
	const fee = state.priceFor(customer, spec.esid)!.price;
	const end = spec.end ?? null;
	const id = state.nextId('service', 20001);
	const onlyService = !state.services.some((s) => s.cid === customer.cid);
	const service: Service = {
		id,
		deptid: customer.deptid,
		cid: customer.cid,
		service_num: spec.number,
		start_date: spec.start,
		servicetype: spec.esid,
		monthlyfee: fee,
		date_ended: end,
		billing_cycle: '',
		contracterm: spec.contract ?? '',
		billing_name: `${type.typeofservice} for ${customer.company}`,
		call_rates_id: null,
		bundle_id: null,
		cost: Math.round(fee * 50) / 100,
		quantity: 1,
		parent_id: null,
		service_status: end === null ? 'active' : onlyService ? 'churned' : 'disconnected',
		username: `user${id}`,
		ip_ipadd: '',
		ext_field2: spec.source,
		date_created: `${spec.start} 09:00:00`,
		date_modified: `${end ?? spec.start} 09:00:00`,
	};
	state.services.push(service);
	if (end && spec.reason)
		state.cancellations.push({
			enid: id,
			requested: addDays(end, -30) < spec.start ? spec.start : addDays(end, -30),
			reason: spec.reason,
		});
	return service;
}

/** NBN services were connected by an engineering partner, who earns a share of every fee billed on them. */
export function assignCommissions(state: State): void {
	for (const service of state.services) {
		if ((service.servicetype === 1 || service.servicetype === 4) && service.parent_id === null) {
			state.commissions.push({ enid: service.id, vid: 2 + (service.id % 2), percent: 8 });
		}
	}
}
