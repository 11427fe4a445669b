import type { INodeProperties, INodeType } from 'n8n-workflow';
import { PACKAGE_NODES } from '../editor/packageNodes';
import { breaks, differences, snapshotOf, versionsOf } from './description';
import type { DescriptionSnapshot } from './description';
import {
	readSnapshot,
	readSnapshotText,
	snapshotText,
	writeSnapshot,
	writingSnapshot,
} from './snapshotFile';

const REWRITE =
	'run `npm run snapshot:descriptions` and review its diff (a line removed or changed is a break: ' +
	'DEVELOPMENT.md, "Versions and saved workflows")';

/*
 * Upgrades never break a saved workflow (DEVELOPMENT.md, "Versions and saved workflows"): every parameter a
 * workflow saved with a released version holds keeps its meaning in that version, its type, default, choices and
 * conditions, compared with test/upgrade/descriptions.snapshot.json. Two checks: the breaks (a change of meaning
 * needs a new node version), and the snapshot being the descriptions as they are, additions too, so that every
 * change to what a saved workflow holds shows in review as a diff of the snapshot. `npm run
 * snapshot:descriptions` writes it, deliberately, and says which breaks it accepts.
 */

function snapshotOfAll(nodes: INodeType[] = PACKAGE_NODES): DescriptionSnapshot {
	return Object.fromEntries(nodes.map((node) => [node.description.name, snapshotOf(node)]));
}

if (writingSnapshot()) {
	test('npm run snapshot:descriptions: the snapshot is written from the current descriptions', () => {
		const accepted = breaks(readSnapshot(), snapshotOfAll());
		if (accepted.length)
			// eslint-disable-next-line no-console
			console.warn(`The new snapshot accepts these breaks:\n${accepted.join('\n')}`);
		writeSnapshot(snapshotOfAll());
	});
} else {
	test('no parameter a saved workflow holds has changed meaning since the snapshot', () => {
		expect(breaks(readSnapshot(), snapshotOfAll())).toEqual([]);
	});

	test('the snapshot is the descriptions as they are: an addition too makes it stale', () => {
		const now = snapshotOfAll();
		const stale = differences(readSnapshot(), now);
		if (stale.length)
			throw new Error(
				`test/upgrade/descriptions.snapshot.json is stale (${stale.length} differences): ${REWRITE}.\n` +
					stale.join('\n'),
			);
		// The same parameters, written by hand or by a formatter: the next rewrite's diff would be all noise.
		if (readSnapshotText() !== snapshotText(now))
			throw new Error(
				`test/upgrade/descriptions.snapshot.json is not as the script writes it: ${REWRITE}.`,
			);
	});

	test('every node and version of the package is in the snapshot', () => {
		const saved = readSnapshot();
		for (const node of PACKAGE_NODES)
			expect(Object.keys(saved[node.description.name] ?? {})).toEqual(versionsOf(node).map(String));
	});
}

describe('the check catches what breaks a saved workflow, and lets additions pass', () => {
	const [customer] = PACKAGE_NODES.filter(
		({ description }) => description.name === 'telcoBillingCustomer',
	);
	const saved = { customer: snapshotOf(customer) };

	/** The Customer node with its properties changed by `change` (on a copy). */
	function changed(change: (properties: INodeProperties[]) => INodeProperties[]) {
		const properties = change(structuredClone(customer.description.properties));
		const node = { description: { ...customer.description, properties } } as INodeType;
		return breaks(saved, { customer: snapshotOf(node) });
	}
	const named = (properties: INodeProperties[], name: string) =>
		properties.filter((property) => property.name === name);

	test('unchanged: nothing', () => {
		expect(changed((properties) => properties)).toEqual([]);
		expect(differences(saved, { customer: snapshotOf(customer) })).toEqual([]);
	});

	test('a parameter renamed', () => {
		expect(
			changed((properties) => {
				for (const property of named(properties, 'returnAll')) property.name = 'all';
				return properties;
			}),
		).toEqual(
			expect.arrayContaining([
				'customer v1 customer/getAll: returnAll is gone (removed, renamed or shown under other conditions)',
			]),
		);
	});

	test('a default changed', () => {
		expect(
			changed((properties) => {
				for (const property of named(properties, 'limit')) property.default = 100;
				return properties;
			}),
		).toEqual(
			expect.arrayContaining([
				'customer v1 customer/getAll: limit when {"show":{"returnAll":[false]}} default was 50, is 100',
			]),
		);
	});

	test('a choice gone', () => {
		const result = changed((properties) => {
			for (const property of named(properties, 'field'))
				property.options = (property.options as Array<{ value: string }>).filter(
					({ value }) => value !== 'email',
				) as INodeProperties['options'];
			return properties;
		});
		expect(result).toEqual(
			expect.arrayContaining(['customer v1 customer/search: field choice "email" is gone']),
		);
	});

	test('an operation gone', () => {
		const result = changed((properties) =>
			properties.map((property) =>
				property.name === 'operation' && property.options
					? {
							...property,
							options: (property.options as Array<{ value: string }>).filter(
								({ value }) => value !== 'getBalance',
							) as INodeProperties['options'],
						}
					: property,
			),
		);
		expect(result).toContain('customer v1 customer/getBalance: the operation is gone');
	});

	test('a new required parameter on an existing operation', () => {
		const result = changed((properties) => [
			...properties,
			{ displayName: 'Region', name: 'region', type: 'string', default: '', required: true },
		]);
		expect(result).toContain(
			'customer v1 customer/getBalance: region is new and required; a saved workflow does not hold it',
		);
	});

	test('an optional parameter or a choice added breaks nothing, yet makes the snapshot stale', () => {
		const added = (properties: INodeProperties[]) => [
			...properties.map((property) =>
				property.name === 'field'
					? {
							...property,
							options: [
								...(property.options as INodeProperties['options'] & object[]),
								{ name: 'Phone', value: 'phone' },
							] as INodeProperties['options'],
						}
					: property,
			),
			{ displayName: 'Region', name: 'region', type: 'string', default: '' } as INodeProperties,
		];
		const node = {
			description: { ...customer.description, properties: added(customer.description.properties) },
		} as INodeType;
		const now = { customer: snapshotOf(node) };
		expect(breaks(saved, now)).toEqual([]);
		expect(differences(saved, now)).toEqual(
			expect.arrayContaining([
				'customer v1 customer/getBalance region: added',
				expect.stringMatching(/^customer v1 customer\/search field: was .*, is .*"phone"/),
			]),
		);
	});

	test('passes: an optional parameter, a choice and a version added; fields regrouped into one property', () => {
		expect(
			changed((properties) => [
				...properties.map((property) =>
					property.name === 'field'
						? {
								...property,
								options: [
									...(property.options as INodeProperties['options'] & object[]),
									{ name: 'Phone', value: 'phone' },
								] as INodeProperties['options'],
							}
						: property,
				),
				{ displayName: 'Region', name: 'region', type: 'string', default: '' },
			]),
		).toEqual([]);
		const withVersion = {
			description: { ...customer.description, version: [...versionsOf(customer), 2] },
		} as INodeType;
		expect(breaks(saved, { customer: snapshotOf(withVersion) })).toEqual([]);
		// Every operation's Return All as a property of its own, then as one shared by all: the same parameters.
		const split = changed((properties) =>
			properties.flatMap((property) =>
				property.name === 'returnAll'
					? ((property.displayOptions?.show?.operation ?? []) as string[]).map((operation) => ({
							...property,
							displayOptions: {
								...property.displayOptions,
								show: { ...property.displayOptions?.show, operation: [operation] },
							},
						}))
					: [property],
			),
		);
		expect(split).toEqual([]);
	});
});
