import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INode, INodeType, IWorkflowBase } from 'n8n-workflow';
import { PACKAGE_NODES } from '../editor/packageNodes';
import { repoFile, repoFiles } from '../editor/repoFiles';
import { snapshotOf, versionsOf } from './description';
import type { SavedParameter } from './description';

/*
 * The example workflows (examples/*.json) are workflows saved with the package: every Telco Billing node in them,
 * its AI tool variants included, is read by the current nodes as it was saved: a version the node still has, no
 * parameter it does not know, no choice it no longer offers, and no issue n8n's editor would flag.
 */

const PACKAGE = 'n8n-nodes-telco-billing.';
// What n8n adds to a node made an AI tool (its tool description), not the node's own parameters.
const TOOL_PARAMETERS = ['descriptionType', 'toolDescription'];
// What n8n adds to a polling trigger (when it polls), not the node's own parameters.
const POLL_PARAMETERS = ['pollTimes'];

const NODES = new Map(PACKAGE_NODES.map((node) => [node.description.name, node]));

interface Saved {
	file: string;
	node: INode;
	type: INodeType;
	tool: boolean;
}

const SAVED: Saved[] = repoFiles('examples', '.json').flatMap((file) => {
	const workflow = JSON.parse(repoFile(file) ?? '{}') as IWorkflowBase;
	return workflow.nodes
		.filter((node) => node.type.startsWith(PACKAGE))
		.map((node) => {
			const name = node.type.slice(PACKAGE.length);
			const tool = name.endsWith('Tool');
			return { file, node, type: NODES.get(tool ? name.slice(0, -4) : name)!, tool };
		});
});

test('the examples hold the package’s nodes, tools among them', () => {
	expect(SAVED.length).toBeGreaterThan(10);
	expect(SAVED.some(({ tool }) => tool)).toBe(true);
	for (const { node, type } of SAVED)
		expect([node.type, type]).toEqual([node.type, expect.anything()]);
});

/** The parameters of the saved node's operation, by path (conditions left off), at its version. */
function parametersOf({ node, type }: Saved): Map<string, SavedParameter> {
	const { properties } = type.description;
	const fallback = (name: string) =>
		String(properties.find((property) => property.name === name)?.default ?? '');
	const resource = String(node.parameters.resource ?? fallback('resource'));
	const operation = String(node.parameters.operation ?? fallback('operation'));
	const byOperation = snapshotOf(type)[String(node.typeVersion)] ?? {};
	const parameters = byOperation[resource || operation ? `${resource}/${operation}` : '*'] ?? {};
	return new Map(Object.entries(parameters).map(([key, value]) => [key.split(' when ')[0], value]));
}

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

/** What the current node would not read as saved: unknown parameters and choices it no longer has. */
function unread(known: Map<string, SavedParameter>, values: IDataObject, at = ''): string[] {
	return Object.entries(values).flatMap(([name, value]) => {
		const path = `${at}${name}`;
		const parameter = known.get(path);
		if (!parameter) return [`${path}: not a parameter of this operation`];
		if (parameter.type === 'collection' && value && typeof value === 'object')
			return unread(known, value as IDataObject, `${path}.`);
		if (parameter.type === 'fixedCollection' && value && typeof value === 'object')
			return Object.entries(value as IDataObject).flatMap(([group, entries]) =>
				[entries]
					.flat()
					.flatMap((entry) => unread(known, entry as IDataObject, `${path}.${group}.`)),
			);
		if (parameter.type === 'resourceLocator') {
			const mode = (value as IDataObject | null)?.mode;
			return parameter.modes?.includes(String(mode))
				? []
				: [`${path}: mode ${String(mode)} is gone`];
		}
		if (!parameter.options || isExpression(value)) return [];
		return [value]
			.flat()
			.filter((choice) => !isExpression(choice) && !parameter.options!.includes(choice as string))
			.map((choice) => `${path}: choice ${JSON.stringify(choice)} is gone`);
	});
}

describe.each(SAVED.map((saved) => [`${saved.file}: ${saved.node.name}`, saved] as const))(
	'%s',
	(_label, saved) => {
		const { node, type, tool } = saved;

		test('its version is one the node still has', () => {
			expect(versionsOf(type)).toContain(node.typeVersion);
		});

		test('every parameter and choice it holds is one the current node reads', () => {
			const own = Object.fromEntries(
				Object.entries(node.parameters).filter(
					([name]) =>
						!(tool && TOOL_PARAMETERS.includes(name)) &&
						!(type.description.polling && POLL_PARAMETERS.includes(name)),
				),
			) as IDataObject;
			expect(unread(parametersOf(saved), own)).toEqual([]);
		});

		test('n8n finds no issue with its parameters', () => {
			expect(
				NodeHelpers.getNodeParametersIssues(type.description.properties, node, type.description),
			).toBeNull();
		});
	},
);

test('the check finds what a current node would not read', () => {
	const type = NODES.get('telcoBillingCustomer')!;
	const node = {
		...SAVED.find(({ node }) => node.type === `${PACKAGE}telcoBillingCustomer`)!.node,
		typeVersion: 1,
		parameters: {
			resource: 'customer',
			operation: 'search',
			field: 'fax',
			value: 'Smith',
			searchOptions: { nope: true },
			gone: 1,
		},
	};
	expect(unread(parametersOf({ file: '', node, type, tool: false }), node.parameters)).toEqual([
		'field: choice "fax" is gone',
		'searchOptions: not a parameter of this operation',
		'gone: not a parameter of this operation',
	]);
	expect(
		NodeHelpers.getNodeParametersIssues(
			type.description.properties,
			{ ...node, parameters: { resource: 'customer', operation: 'getBalance' } },
			type.description,
		),
	).not.toBeNull();
});
