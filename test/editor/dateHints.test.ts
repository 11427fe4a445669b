import type { INodeProperties, INodeType } from 'n8n-workflow';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';

/** Date fields at the top level and in collections. */
function dateFields(type: INodeType): INodeProperties[] {
	return (type.description.properties as INodeProperties[]).flatMap((field) =>
		field.type === 'collection'
			? ((field.options ?? []) as INodeProperties[]).filter((o) => o.type === 'dateTime')
			: field.type === 'dateTime'
				? [field]
				: [],
	);
}

test('every date field’s hint says a time with an offset is converted to the platform’s clock', () => {
	const nodes = [
		new TelcoBillingCustomer(),
		new TelcoBillingService(),
		new TelcoBillingCrm(),
		new TelcoBillingReport(),
	];
	const fields = nodes.flatMap(dateFields);
	expect(fields.length).toBeGreaterThan(8);
	const silent = fields
		.filter(
			(f) =>
				!/Z or an offset .* converted to the platform’s clock \(Melbourne\)/.test(f.hint ?? ''),
		)
		.map((f) => f.name);
	expect(silent).toEqual([]);
});
