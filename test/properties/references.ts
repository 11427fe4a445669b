import fc from 'fast-check';
import type { Simulator } from '../simulator/app';

// A customer given the way people and AI models give one: an ID as text or as a number, account_id, crm_id,
// company, trading name, person name, email; any case, spaces around. What it names, by the one rule: an id
// is whatever customer the platform's path reaches with it (simulator's pathRef trait); a name is a customer's
// only when it is the customer's name exactly (spaces around aside); an email ignoring case.

export const FORMS = [
	'cid',
	'cid as number',
	'account_id',
	'crm_id',
	'company',
	'trading name',
	'person',
	'email',
] as const;
export type Form = (typeof FORMS)[number];

// Active Demo Telco customers (1015 is inactive: it is not on the customer list).
export const CIDS = [1001, 1002, 1003, 1004, 1006, 1007, 1010, 1011, 1012];
export const UNKNOWN = 'Nobody Anywhere Pty Ltd';

export const reference = fc.record({
	cid: fc.constantFrom(...CIDS),
	form: fc.constantFrom(...FORMS),
	casing: fc.constantFrom('as is', 'upper', 'lower'),
	before: fc.constantFrom('', ' ', '  '),
	after: fc.constantFrom('', ' ', '\t'),
});

const same = (a: unknown, b: unknown) => String(a ?? '').trim() === String(b ?? '').trim();
const sameEmail = (a: unknown, b: unknown) =>
	String(a ?? '')
		.trim()
		.toLowerCase() ===
	String(b ?? '')
		.trim()
		.toLowerCase();

export type Reference = { cid: number; form: Form; casing: string; before: string; after: string };

export function spelled(sim: Simulator, ref: Reference): string | number {
	const c = sim.state.customers.find((customer) => customer.cid === ref.cid)!;
	const form: Form = ref.form;
	const raw: Record<Form, unknown> = {
		cid: String(c.cid),
		'cid as number': c.cid,
		account_id: c.account_id,
		crm_id: c.crm_id,
		company: c.company,
		'trading name': c.trading_name || c.company,
		person: `${String(c.name)} ${String(c.surname)}`,
		email: c.email || c.company,
	};
	const value = raw[form];
	if (typeof value === 'number') return value;
	const text = String(value);
	// Names are case-free; the platform's own references are given as it holds them.
	const named = ['company', 'trading name', 'person', 'email'].includes(form);
	const cased = !named
		? text
		: ref.casing === 'upper'
			? text.toUpperCase()
			: ref.casing === 'lower'
				? text.toLowerCase()
				: text;
	return `${ref.before}${cased}${ref.after}`;
}

/** The active customers a reference names: by an id the platform knows, or by a name exactly. */
export function named(sim: Simulator, value: unknown): number[] {
	const text = String(value).trim();
	const customers = sim.state.customers.filter((c) => c.deptid === 1 && c.active);
	const byId = sim.state.findCustomer(1, text);
	if (byId) return [byId.cid];
	return customers
		.filter(
			(c) =>
				[c.company, c.trading_name, `${String(c.name)} ${String(c.surname)}`].some(
					(name) => name && same(name, text),
				) ||
				(c.email && sameEmail(c.email, text)),
		)
		.map((c) => c.cid);
}
