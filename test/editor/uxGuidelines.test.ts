import type { INodeProperties, INodePropertyCollection, INodeType } from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { SIMPLIFY_SINCE } from '../../nodes/shared/tableNode/node';
import { MELBOURNE_TODAY_EXPRESSION } from '../../nodes/shared/input/melbourne';
import { PACKAGE_NODES } from './packageNodes';

/*
 * n8n's UX guidelines that a description shows: placeholders written as n8n writes them, and Simplify
 * (with the tool variants' Output) declared where records have more than ten fields.
 */

type Walked = { where: string; property: INodeProperties };

function walk(properties: INodeProperties[], where: string): Walked[] {
	return properties.flatMap((property) => {
		const here = `${where} › ${property.displayName} (${property.name})`;
		const nested = (property.options ?? []).flatMap((option) => {
			if ('values' in option)
				return walk((option as INodePropertyCollection).values, `${here} › ${option.displayName}`);
			if ('type' in option) return walk([option as INodeProperties], here);
			return [];
		});
		const modes = (property.modes ?? []).map((mode) => ({
			where: `${here} › mode ${mode.name}`,
			property: { ...property, type: mode.type, placeholder: mode.placeholder } as INodeProperties,
		}));
		return [{ where: here, property }, ...nested, ...modes];
	});
}

const EVERYTHING: Walked[] = [
	...PACKAGE_NODES.flatMap((node: INodeType) =>
		walk(node.description.properties, node.description.displayName),
	),
	...[new TelcoBillingApi(), new TelcoBillingPortalLoginApi()].flatMap((credential) =>
		walk(credential.properties, credential.displayName),
	),
];

// "Add Field" on a collection is n8n's own form, as is its lint's email placeholder; a list mode's
// placeholder invites a search. Every other placeholder shows an example value: "e.g. …".
function placeholderIsN8nForm({ property }: Walked): boolean {
	const placeholder = property.placeholder;
	if (placeholder === undefined || placeholder === '') return true;
	if (['collection', 'fixedCollection'].includes(property.type))
		return /^Add [A-Z]/.test(placeholder);
	if ((property.type as string) === 'list') return /^Search/.test(placeholder);
	if (placeholder === 'name@email.com') return true;
	return /^e\.g\. \S/.test(placeholder);
}

describe('n8n’s UX guidelines in the descriptions', () => {
	test('every placeholder is written as n8n writes it ("e.g. …", "Add Field")', () => {
		const wrong = EVERYTHING.filter((walked) => !placeholderIsN8nForm(walked)).map(
			({ where, property }) => `${where}: ${JSON.stringify(property.placeholder)}`,
		);
		expect(wrong).toEqual([]);
	});

	test('Simplify and the tool Output: version 1.1 the default, the toggle hidden on a tool, Output only on a tool', () => {
		const withSimplify = PACKAGE_NODES.filter((node) =>
			node.description.properties.some((p) => p.name === 'simple'),
		).map((node) => node.description.name);
		expect(withSimplify.sort()).toEqual([
			'telcoBillingBulkEmail',
			'telcoBillingCatalog',
			'telcoBillingCustomer',
			'telcoBillingReport',
			'telcoBillingService',
		]);
		for (const node of PACKAGE_NODES.filter((n) => withSimplify.includes(n.description.name))) {
			expect(node.description.version).toEqual([1, SIMPLIFY_SINCE]);
			expect(node.description.defaultVersion).toBe(SIMPLIFY_SINCE);
			for (const p of node.description.properties.filter((p) => p.name === 'simple'))
				expect(p.displayOptions?.show?.['@tool']).toEqual([false]);
			for (const p of node.description.properties.filter((p) => p.name === 'toolOutput'))
				expect(p.displayOptions?.show?.['@tool']).toEqual([true]);
		}
	});
});

describe('values n8n reads as the user gave them', () => {
	// n8n takes a parameter value that starts with "=" for an expression: an option whose value is "=" (Service
	// Search's Equals was) reaches the node as the empty result of an expression "".
	test('no option value and no default starts with "="', () => {
		// Meant as expressions: a one-day report's date comes filled with Melbourne's today.
		const intended = [MELBOURNE_TODAY_EXPRESSION];
		const expressions = EVERYTHING.flatMap(({ where, property }) => [
			...(property.options ?? [])
				.filter((option) => 'value' in option && String(option.value).startsWith('='))
				.map((option) => `${where} › ${(option as { name: string }).name}`),
			...(typeof property.default === 'string' &&
			property.default.startsWith('=') &&
			!intended.includes(property.default)
				? [`${where} (default)`]
				: []),
		]);
		expect(expressions).toEqual([]);
	});
});
