import { NodeHelpers } from 'n8n-workflow';
import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { PACKAGE_NODES } from './packageNodes';

// A node's Tool variant left on "Tool Description: Set Automatically" is described to the model by n8n's
// makeDescription: "{action} in {node}" when the chosen operation has an action, otherwise the raw
// values ("run report in Telco Billing Report"), which name nothing a model can choose by.
type Choice = { resource: string; operation: string; action?: string };

function choicesOf(description: INodeTypeDescription): Choice[] {
	const resourceProperty = description.properties.find((p) => p.name === 'resource');
	const resources = resourceProperty?.options
		? (resourceProperty.options as INodePropertyOptions[]).map((o) => String(o.value))
		: [String(resourceProperty?.default ?? '')];
	return resources.flatMap((resource) => {
		const operation = description.properties.find(
			(p: INodeProperties) =>
				p.name === 'operation' &&
				(p.displayOptions?.show?.resource === undefined ||
					p.displayOptions.show.resource.includes(resource)),
		);
		const options = (operation?.options ?? [
			{ value: operation?.default, name: '' },
		]) as INodePropertyOptions[];
		return options.map((o) => ({ resource, operation: String(o.value), action: o.action }));
	});
}

const tools = PACKAGE_NODES.map((node) => node.description).filter((d) => d.usableAsTool);

describe.each(tools.map((d) => [d.displayName, d] as const))('%s', (_name, description) => {
	test('every operation’s automatic tool description is its action, naming resource and operation', () => {
		for (const choice of choicesOf(description)) {
			const made = NodeHelpers.makeDescription(
				{ resource: choice.resource, operation: choice.operation },
				description,
			);
			expect([choice, made]).toEqual([
				choice,
				`${String(choice.action)} in ${String(description.defaults.name)}`,
			]);
			expect(made).not.toMatch(new RegExp(`^${choice.operation} ${choice.resource} in`));
		}
	});
});

test('the Report tool’s automatic description says it runs a billing report, which ones, and for what dates', () => {
	const report = tools.find((d) => d.name === 'telcoBillingReport')!;
	const made = NodeHelpers.makeDescription({ resource: 'report', operation: 'run' }, report);
	expect(made).toMatch(/^Run a billing report .*receivables.*billed minutes.*revenue/i);
	expect(made).toMatch(/YYYY-MM-DD/);
});
