import type { INodeProperties } from 'n8n-workflow';

/** A customer picked by searching, or typed as id / account_id / crm_id. */
export function customerLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Customer',
		name: 'cid',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The customer: pick one by company, name or email, or give its ID, account_id or crm_id',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Search by company, name or email…',
				typeOptions: { searchListMethod: 'searchCustomers', searchable: true, searchFilterRequired: false },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '1042, ACC-1-0042 or a CRM ID',
				hint: 'The customer ID, account_id or crm_id',
			},
		],
		...overrides,
	};
}

/** A service picked by searching its number, or typed as its id. */
export function serviceLocator(name = 'serviceId', overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Service',
		name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The service: pick one by its number, or give its ID (enid)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Search by service number…',
				typeOptions: { searchListMethod: 'searchServices', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: '20001',
				validation: [{ type: 'regex', properties: { regex: '^\\d+$', errorMessage: 'A service ID is a whole number' } }],
			},
		],
		...overrides,
	};
}
