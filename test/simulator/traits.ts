/**
 * Platform traits: the questions the spec (4.3.0) leaves open, each a named switch with named values. Every
 * combination is a platform the spec describes, and no value is kinder or stricter than another: code that
 * works on one value only relies on something the spec does not promise. The first value of each trait is
 * its default, the simulator's answer before traits existed, so a test that names none meets the same
 * platform as before. (Extras, extras.ts, are another thing: kindnesses beyond the spec, off unless named.)
 *
 * | Trait               | Values (default first)              | The spec's open question                          |
 * |---------------------|-------------------------------------|---------------------------------------------------|
 * | `searchCase`        | `ignored`, `compared`               | Customer search: is case ignored?                 |
 * | `searchSpaces`      | `kept`, `collapsed`                 | Are runs of whitespace collapsed (and both sides  |
 * |                     |                                     | trimmed) before comparing?                        |
 * | `searchEnds`        | `trimmed`, `kept`                   | Is the typed value's leading and trailing space   |
 * |                     |                                     | trimmed?                                          |
 * | `searchMatch`       | `part`, `whole`                     | Does the value match a part of the field, or the  |
 * |                     |                                     | whole field?                                      |
 * | `searchInactive`    | `shown`, `hidden`                   | Are inactive customers found? (getAll lists       |
 * |                     |                                     | active ones only; search says nothing)            |
 * | `searchUnicode`     | `asStored`, `normalized`            | Is text compared as stored, or NFC on both sides  |
 * |                     |                                     | (composed and decomposed "Café" alike)?           |
 * | `searchNone`        | `empty`, `notFound`                 | A search finding nobody: `{success:true,          |
 * |                     |                                     | records:[]}`, or `no customer found`?             |
 * | `furtherFields`     | `absent`, `present`, `withSecrets`  | "Further customer data may be present": none      |
 * |                     |                                     | (cid alone with the `searchCid` extra); cid,      |
 * |                     |                                     | account_id, crm_id, trading_name, phone; or the   |
 * |                     |                                     | whole row, portal password and bank details too   |
 * | `serviceSearchCase` | `ignored`, `compared`               | services/search `like`/`=` and serviceType/search |
 * |                     |                                     | "partial match": is case ignored?                 |
 * | `listOrder`         | `oldestFirst`, `newestFirst`        | The order of unpaged lists (customer getAll and   |
 * |                     |                                     | search, services/search, related services,        |
 * |                     |                                     | contacts, a customer's bundles): never stated     |
 * | `numbers`           | `mixed`, `numbers`, `strings`       | "Many numeric values are returned as strings":    |
 * |                     |                                     | which? Ids, amounts, counts and flags of the      |
 * |                     |                                     | customer, contact, service, bundle, catalogue,    |
 * |                     |                                     | CDR and external sale answers as the simulator    |
 * |                     |                                     | gives them (mostly strings), all numbers, or all  |
 * |                     |                                     | strings (answerTraits.ts lists them)              |
 * | `recordOrder`       | `request`, `reversed`               | Per-record results (cdr/multiple/add,             |
 * |                     |                                     | getMultiplePrice, the multiple ETFs,              |
 * |                     |                                     | externalsales/add): in the request's order?       |
 * | `pathRef`           | `listed`, `cid`, `crmId`            | A path's {cid} that is one customer's cid and     |
 * |                     |                                     | another's account_id or crm_id: which is taken?   |
 * |                     |                                     | The first in the platform's order (oldest first), |
 * |                     |                                     | the one whose cid it is, or whose crm_id it is    |
 * |                     |                                     | (account_id second either way)                    |
 * | `reportAmounts`     | `plain`, `numbers`, `bare`,         | Report amounts: "numbers come as strings", no     |
 * |                     | `grouped`, `padded`, `accounting`,  | spelling promised: 1234.50, 1234.5, "1,234.50",   |
 * |                     | `currency`, `decimalComma`          | right-aligned, "(12.50)", "$1234.50", "1234,50"   |
 * |                     |                                     | (reports/amounts.ts)                              |
 * | `filterUnknownValue`| `matchesNone`, `ignored`            | A bulk-email select filter whose value is no      |
 * |                     |                                     | option key: it matches nobody, or is ignored as   |
 * |                     |                                     | unknown fields and blank values are?              |
 * | `resetIds`          | `continued`, `restarted`            | After resetdb clears a department's customers, do |
 * |                     |                                     | new customer IDs go on, or start again where the  |
 * |                     |                                     | cleared ones did (an old ID, another customer)?   |
 *
 * Set per test with `sim.traits.searchCase = 'compared'` (changed in place; a fresh simulator has the
 * defaults), `startSimulator({ traits: { searchCase: 'compared' } })`, `npm run simulator -- --traits
 * searchCase=compared,searchMatch=whole`, or `POST /__simulator/traits {"traits": {"searchCase": "compared"}}`
 * (the names given, the rest kept; `"defaults": true` first puts every trait back). An unknown name or value
 * is an error. A property suite draws a platform with `fc.record` over `fc.constantFrom(...TRAITS[name])`.
 */
export const TRAITS = {
	searchCase: ['ignored', 'compared'],
	searchSpaces: ['kept', 'collapsed'],
	searchEnds: ['trimmed', 'kept'],
	searchMatch: ['part', 'whole'],
	searchInactive: ['shown', 'hidden'],
	searchUnicode: ['asStored', 'normalized'],
	searchNone: ['empty', 'notFound'],
	furtherFields: ['absent', 'present', 'withSecrets'],
	serviceSearchCase: ['ignored', 'compared'],
	listOrder: ['oldestFirst', 'newestFirst'],
	numbers: ['mixed', 'numbers', 'strings'],
	recordOrder: ['request', 'reversed'],
	pathRef: ['listed', 'cid', 'crmId'],
	reportAmounts: [
		'plain',
		'numbers',
		'bare',
		'grouped',
		'padded',
		'accounting',
		'currency',
		'decimalComma',
	],
	filterUnknownValue: ['matchesNone', 'ignored'],
	resetIds: ['continued', 'restarted'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type TraitName = keyof typeof TRAITS;

export type Traits = { -readonly [Name in TraitName]: (typeof TRAITS)[Name][number] };

export const TRAIT_NAMES = Object.keys(TRAITS) as TraitName[];

/** Every trait at its default: the platform the simulator was before traits. */
export function defaultTraits(): Traits {
	return Object.fromEntries(TRAIT_NAMES.map((name) => [name, TRAITS[name][0]])) as Traits;
}

function isTraitName(name: string): name is TraitName {
	return Object.prototype.hasOwnProperty.call(TRAITS, name);
}

/** A whole or partial set of traits, checked: an unknown name or value is an error, not ignored. */
export function traitsOf(given: unknown): Partial<Traits> {
	if (given === null || typeof given !== 'object' || Array.isArray(given))
		throw new Error('simulator traits must be an object of trait names and values');
	const problems = Object.entries(given).flatMap(([name, value]) => {
		if (!isTraitName(name))
			return [`unknown simulator trait ${name}; known: ${TRAIT_NAMES.join(', ')}`];
		const values: readonly unknown[] = TRAITS[name];
		return values.includes(value)
			? []
			: [`simulator trait ${name} has no value ${String(value)}; known: ${values.join(', ')}`];
	});
	if (problems.length > 0) throw new Error(problems.join('; '));
	return given as Partial<Traits>;
}

/** The CLI's `--traits searchCase=compared,searchMatch=whole`, checked. */
export function parseTraits(text: string): Partial<Traits> {
	const pairs = text
		.split(',')
		.map((pair) => pair.trim())
		.filter(Boolean)
		.map((pair) => {
			const [name, value, ...rest] = pair.split('=');
			if (value === undefined || rest.length > 0)
				throw new Error(`--traits takes name=value pairs, got ${pair}`);
			return [name.trim(), value.trim()] as const;
		});
	return traitsOf(Object.fromEntries(pairs));
}

/** The traits that differ from their default, for a banner or a failure message. */
export function changedTraits(traits: Traits): Partial<Traits> {
	return Object.fromEntries(
		TRAIT_NAMES.filter((name) => traits[name] !== TRAITS[name][0]).map((name) => [
			name,
			traits[name],
		]),
	) as Partial<Traits>;
}
