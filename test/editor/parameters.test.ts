import { NodeHelpers, Workflow } from 'n8n-workflow';
import type { INode, INodeParameters, INodeProperties, INodeType, INodeTypes } from 'n8n-workflow';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import triggerCodex from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node.json';
import { PACKAGE_NODES } from './packageNodes';
// What the editor shows, read from the node descriptions the way n8n's editor reads them.

function nodeOf(type: INodeType, parameters: INodeParameters): INode {
	return {
		id: 'n1',
		name: type.description.defaults.name as string,
		type: type.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
}
/** The canvas subtitle of a node with these parameters, evaluated as the editor does. */
function subtitleOf(type: INodeType, parameters: INodeParameters): unknown {
	const node = nodeOf(type, parameters);
	const nodeTypes: INodeTypes = {
		getByName: () => type,
		getByNameAndVersion: () => type,
		getKnownTypes: () => ({}),
	};
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
	return workflow.expression.getSimpleParameterValue(
		node,
		type.description.subtitle as string,
		'internal',
		{},
	);
}
/** Names of the top-level parameters shown for these parameters, in the panel's order. */
function shown(type: INodeType, parameters: INodeParameters): string[] {
	const properties = type.description.properties;
	const node = nodeOf(type, parameters);
	const values =
		NodeHelpers.getNodeParameters(properties, parameters, true, false, node, type.description) ??
		{};
	return properties
		.filter((p) => p.type !== 'hidden')
		.filter((p) => NodeHelpers.displayParameter(values, p, node, type.description))
		.map((p) => p.name);
}

describe('Telco Billing Trigger in the nodes panel', () => {
	const trigger = new TelcoBillingTrigger();
	const events = trigger.description.properties.find((p) => p.name === 'events') as INodeProperties;

	test('each event has its own label, not one n8n derives from the option name', () => {
		// n8n lists a trigger's events as "On <Start Case of the option name>" unless the option has an
		// action: "CDRs Imported" became "On cd rs imported".
		expect((events.options as Array<{ action?: string }>).map((o) => o.action)).toEqual([
			'On campaign finished',
			'On campaign status changed',
			'On CDR feed stale',
			'On CDRs imported',
			'On CDRs rated',
			'On new campaign',
		]);
	});

	test('one name: the nodes panel, the panel header and the node on the canvas', () => {
		// The node's type name stays: saved workflows refer to it.
		expect(trigger.description.name).toBe('telcoBillingTrigger');
		expect(trigger.description.displayName).toBe('Telco Billing Trigger');
		expect(trigger.description.defaults.name).toBe('Telco Billing Trigger');
		// n8n's nodes panel lists a trigger with events under its app's name ("Gmail Trigger" as "Gmail"), and
		// ranks a search by the full name, shortest first: no package node may be much shorter than it.
		const names = PACKAGE_NODES.map((node) => node.description.displayName);
		expect(names.filter((name) => name.length < 'Telco Billing Trigger'.length)).toEqual([
			'Telco Billing CRM',
			'Telco Billing Report',
		]);
	});

	test('found by the words people search for a trigger with', () => {
		expect(triggerCodex.alias).toEqual(expect.arrayContaining(['Events', 'CDR', 'Campaign']));
	});

	test('subtitle: the chosen events by label', () => {
		expect(subtitleOf(trigger, { events: ['campaignFinished', 'cdrsImported'] })).toBe(
			'Campaign Finished, CDRs Imported',
		);
	});
});

describe('one subtitle style on every node: "Operation: Resource" by their labels', () => {
	type Option = { name: string; value: string };
	const optionsOf = (property?: INodeProperties) => (property?.options ?? []) as Option[];
	const actionNodes = PACKAGE_NODES.filter((node) => !node.description.group.includes('trigger'));

	/** Every choice the panel offers on a node, with the subtitle it must show. */
	function choices(node: INodeType): Array<[INodeParameters, string]> {
		const { properties, displayName } = node.description;
		const resource = properties.find((p) => p.name === 'resource');
		if (resource?.type === 'options') {
			return optionsOf(resource).flatMap((r) =>
				optionsOf(
					properties.find(
						(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value),
					),
				).map((op): [INodeParameters, string] => [
					{ resource: r.value, operation: op.value },
					`${op.name}: ${r.name}`,
				]),
			);
		}
		// No Resource dropdown: the node's one choice, on what the node is about.
		const choice = properties.find((p) => p.type === 'options' && p.name !== 'resource');
		const object = displayName.replace('Telco Billing ', '');
		return optionsOf(choice).map((o) => [{ [choice!.name]: o.value }, `${o.name}: ${object}`]);
	}

	test.each(actionNodes.map((node) => [node.description.displayName, node] as const))(
		'%s',
		(_, node) => {
			const all = choices(node);
			expect(all.length).toBeGreaterThan(0);
			for (const [parameters, expected] of all) {
				expect([parameters, subtitleOf(node, parameters)]).toEqual([parameters, expected]);
			}
		},
	);

	test('examples as they read on the canvas', () => {
		const byName = (name: string) => PACKAGE_NODES.find((n) => n.description.displayName === name)!;
		expect(
			subtitleOf(byName('Telco Billing Customer'), {
				resource: 'customer',
				operation: 'getBalance',
			}),
		).toBe('Get Balance: Customer');
		expect(subtitleOf(byName('Telco Billing Call Record'), { operation: 'addMany' })).toBe(
			'Add Many: Call Record',
		);
		expect(subtitleOf(new TelcoBillingReport(), { report: 'agedReceivables' })).toBe(
			'Aged Receivables: Report',
		);
	});
});

describe('Report: one resource, one operation', () => {
	const report = new TelcoBillingReport();

	test('no Resource or Operation dropdown', () => {
		const visible = shown(report, { report: 'billedMinutes' });
		expect(visible).not.toContain('resource');
		expect(visible).not.toContain('operation');
		expect(visible[0]).toBe('report');
	});

	test('the values saved workflows hold are still the parameters’ values', () => {
		const node = nodeOf(report, {});
		const values = NodeHelpers.getNodeParameters(
			report.description.properties,
			{ resource: 'report', operation: 'run', report: 'agedReceivables' },
			true,
			false,
			node,
			report.description,
		);
		expect(values).toMatchObject({
			resource: 'report',
			operation: 'run',
			report: 'agedReceivables',
		});
	});
});

describe('Bulk Email', () => {
	const bulkEmail = new TelcoBillingBulkEmail();

	test('Preview and Create show Subject and Content, then the audience, in the same order', () => {
		const order = (operation: string) =>
			shown(bulkEmail, { resource: 'campaign', operation }).filter((name) =>
				['subject', 'content', 'filters', 'customerIds'].includes(name),
			);
		expect(order('preview')).toEqual(['subject', 'content', 'filters', 'customerIds']);
		expect(order('create')).toEqual(order('preview'));
	});

	test('a filter row’s Join says it joins the rows above', () => {
		const filters = bulkEmail.description.properties.find((p) => p.name === 'filters');
		const row = (filters?.options as Array<{ values: INodeProperties[] }>)[0].values;
		const join = row.find((p) => p.name === 'join');
		expect(join?.displayName).toBe('Join With Rows Above');
		expect(join?.description).toMatch(/first row/);
	});
});

test('Take Payment: the amount is not prefilled', () => {
	// The editor raises a number below minValue to minValue: a default of 0 with minValue 1 showed 1.00.
	const amount = new TelcoBillingCustomer().description.properties.find(
		(p) => p.name === 'amount' && p.displayOptions?.show?.operation?.includes('takePayment'),
	) as INodeProperties;
	const minValue = (amount.typeOptions?.minValue as number | undefined) ?? -Infinity;
	expect(Math.max(amount.default as number, minValue)).toBe(0);
});
