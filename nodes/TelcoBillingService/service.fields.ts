import type { INodeProperties } from 'n8n-workflow';
import { bodyField } from '../shared/tableNode/describe';

export const SERVICE_STATUS_OPTIONS = [
	{ name: 'Active', value: 'active', description: 'Billed normally' },
	{ name: 'Churned', value: 'churned' },
	{ name: 'Disconnected', value: 'disconnected' },
	{
		name: 'Pending',
		value: 'pending',
		description: 'Provisioned but not yet billed: skipped by the bill run',
	},
	{ name: 'Pending Disconnection', value: 'pending_disconnection' },
	{ name: 'Suspended', value: 'suspended' },
];

export const serviceTypeField: INodeProperties = bodyField({
	displayName: 'Service Type Name or ID',
	name: 'servicetype',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getServiceTypes' },
	default: '',
	description:
		'The service type (esid). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
});

export const rateCardField: INodeProperties = bodyField({
	displayName: 'Call Rate Card Name or ID',
	name: 'call_rates_id',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCallRateCards' },
	default: '',
	description:
		'Service-specific call rates (ctgid). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
});

export const bundleField: INodeProperties = bodyField({
	displayName: 'Bundle Name or ID',
	name: 'bundle_id',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getCustomerBundles', loadOptionsDependsOn: ['cid'] },
	default: '',
	description:
		'A bundle of the chosen customer. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
});

/** Optional service fields shared by Create and Update, alphabetical as n8n lists them. */
export const optionalServiceFields: INodeProperties[] = [
	bodyField({
		displayName: 'Billing Name',
		name: 'billing_name',
		type: 'string',
		default: '',
		description: 'Human-readable name shown on invoices',
	}),
	bundleField,
	rateCardField,
	// The spec's Service table spells this field `contracterm` and notes that "the field table spells it
	// contractterm"; the add and update body tables list neither. One spelling is sent, the field table's,
	// which is the one the spec names as the field's: sending both is not safe, since the spec nowhere says
	// the service endpoints ignore a field they do not know (only bulk-email filter rows are said to).
	bodyField({
		displayName: 'Contract Term',
		name: 'contractterm',
		type: 'string',
		default: '',
		placeholder: 'e.g. 24 months',
		description: 'Contract term text; its number of months drives early termination fees',
	}),
	bodyField({
		displayName: 'Cost',
		name: 'cost',
		type: 'number',
		default: 0,
		typeOptions: { numberPrecision: 2 },
		description: 'Cost price, ex tax',
	}),
	bodyField({
		displayName: 'Parent Service ID',
		name: 'parent_id',
		type: 'number',
		default: 0,
		description: 'ID of the parent or related service',
	}),
	bodyField({
		displayName: 'Quantity',
		name: 'quantity',
		type: 'number',
		default: 1,
		description: 'Count of hidden services, users or channels',
	}),
	bodyField({
		displayName: 'Service Status',
		name: 'service_status',
		type: 'options',
		options: SERVICE_STATUS_OPTIONS,
		default: 'active',
	}),
];
