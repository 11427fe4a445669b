import type { CallType, RateCard, RateItem } from './catalog';

export interface Cdr {
	id: number;
	source: string;
	deptid: number;
	orig_id: string;
	startdate: string;
	enddate: string | null;
	accountcode: string;
	callerid: string;
	did: string;
	direction: 'inbound' | 'outbound';
	destination: string;
	destination_info: string;
	application: string;
	duration: number;
	billsec: number;
	cost: number | null;
	disposition: string;
	privacy_flag: 0 | 1;
}

export interface BilledCall {
	id: string;
	source: string;
	deptid: number;
	startdate: string;
	ratecode: string;
	rate_name: string;
	price: string;
}

interface CompiledCallType {
	type: CallType;
	clid: RegExp;
	dest: RegExp;
	account: RegExp;
}

/** Call types ready to match: regexes compiled once, highest priority first (ties: lowest ctid). */
export function compileCallTypes(types: CallType[]): CompiledCallType[] {
	return [...types]
		.sort((a, b) => b.priority - a.priority || a.ctid - b.ctid)
		.map((type) => ({
			type,
			clid: new RegExp(type.clid_regex),
			dest: new RegExp(type.dest_regex),
			account: new RegExp(type.account_regex),
		}));
}

/**
 * The call type of a CDR: direction equal; application equal when the call type names one (an empty one
 * matches any); caller id, destination and account code matching their regexes; highest priority wins.
 * The A party is used even when privacy_flag hides it from view.
 */
export function matchCallType(cdr: Cdr, types: CompiledCallType[]): CallType | undefined {
	for (const { type, clid, dest, account } of types) {
		if (type.direction !== cdr.direction) continue;
		if (type.application && type.application !== cdr.application) continue;
		if (clid.test(cdr.callerid) && dest.test(cdr.destination) && account.test(cdr.accountcode))
			return type;
	}
	return undefined;
}

/**
 * The price of a call under a rate item, in dollars to 4 decimals:
 * - unanswered (billsec 0) costs nothing;
 * - fixed rate: flagfall + the rate, once per call;
 * - per minute: the seconds after free_seconds, rounded up to the card's billing increment (0 means 60),
 *   times ratepermin / 60, plus flagfall;
 * - then at least min_cost and at most max_cost, each when above 0.
 */
export function priceCall(billsec: number, item: RateItem, card: RateCard): number {
	if (billsec <= 0) return 0;
	let price: number;
	if (item.fixedrate === 1) {
		price = item.flagfall + item.ratepermin;
	} else {
		const increment =
			card.billing_increment && card.billing_increment > 0 ? card.billing_increment : 60;
		const chargeable = Math.max(0, billsec - item.free_seconds);
		const rounded = Math.ceil(chargeable / increment) * increment;
		price = item.flagfall + (rounded * item.ratepermin) / 60;
	}
	if (item.min_cost > 0) price = Math.max(price, item.min_cost);
	if (item.max_cost > 0) price = Math.min(price, item.max_cost);
	return Math.round(price * 10000) / 10000;
}
