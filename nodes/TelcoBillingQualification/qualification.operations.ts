import type { INodeProperties } from 'n8n-workflow';
import type { Operation } from '../shared/operation/operations';
import { rules } from '../shared/input/rules';

const query = (field: INodeProperties): INodeProperties => ({
	...field,
	routing: { send: { type: 'query', property: field.name } },
});

const address = query({
	displayName: 'Address',
	name: 'address',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 12 High Street, Fitzroy VIC 3065',
	description: 'The street address to qualify',
});
const avcid = (required: boolean) =>
	query({
		displayName: 'AVC ID',
		name: 'avcid',
		type: 'string',
		required,
		default: '',
		placeholder: 'e.g. AVC000012345678',
		description: required
			? 'The AVC ID to verify'
			: 'When given, the answer adds avc_match, avc_target and avc_current_epid',
	});
const serviceType = query({
	displayName: 'Service Type',
	name: 'service_type',
	type: 'options',
	options: [
		{ name: 'Any', value: '' },
		{ name: 'FTTB', value: 'FTTB' },
		{ name: 'FTTC', value: 'FTTC' },
		{ name: 'FTTN', value: 'FTTN' },
		{ name: 'FTTP', value: 'FTTP' },
		{ name: 'HFC', value: 'HFC' },
		{ name: 'Wireless', value: 'WIRELESS' },
	],
	default: '',
	description: 'Network technology of the AVC, used with the AVC ID',
});

/** Empty query values are left out: the platform reads a present avcid as a request for the AVC check. */
const dropEmpty = (input: { qs: Record<string, unknown> }) => {
	for (const [key, value] of Object.entries(input.qs))
		if (value === '' || value === undefined) delete input.qs[key];
};

export const qualificationOperations: Operation[] = [
	{
		value: 'qualify',
		name: 'Qualify Address',
		action: 'Qualify an address',
		description:
			'Which network services an address can get; with an AVC ID, also whether the AVC matches',
		method: 'POST',
		path: '/services/qualify',
		fields: [address, avcid(false), serviceType],
		rules: [rules.required('qs', 'address', 'Address')],
		prepare: dropEmpty,
		output: { numbers: ['service_class', 'max_download', 'max_upload'] },
	},
	{
		value: 'qualifyNdf',
		name: 'Qualify Address (NDF)',
		action: 'Qualify an address with NDF',
		description: 'Qualification items for an address from the NDF lookup',
		method: 'POST',
		path: '/services/qualify/ndf',
		fields: [address],
		rules: [rules.required('qs', 'address', 'Address')],
		output: { numbers: ['service_class', 'max_download', 'max_upload'] },
	},
	{
		value: 'avcCheck',
		name: 'Check AVC',
		action: 'Check an AVC at a location',
		description:
			'Whether an AVC ID matches a location (LOC ID from a qualification), its target ' +
			'identifier and current provider EPID',

		method: 'POST',
		path: '/services/qualify/avc-check',
		fields: [
			query({
				displayName: 'Location ID',
				name: 'location_id',
				type: 'string',
				required: true,
				default: '',
				placeholder: 'e.g. LOC000012345678',
				description: 'The LOC ID from an earlier address qualification',
			}),
			avcid(true),
			serviceType,
		],
		rules: [
			rules.required('qs', 'location_id', 'Location ID'),
			rules.required('qs', 'avcid', 'AVC ID'),
		],
		prepare: dropEmpty,
	},
];
