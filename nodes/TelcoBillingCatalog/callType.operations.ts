import type { IDataObject } from 'n8n-workflow';
import { listCallTypes } from '../shared/methods/callTypes';
import type { Operation } from '../shared/operation/operations';
import { loadedOptions } from '../shared/tableNode/describe';

export const callTypeOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many call types',
		description:
			'List the call types the department’s rate cards use (the spec gives call types ' +
			'no listing of their own); any other is reached by ID with Get',

		method: 'GET',
		path: '/serviceType/get/page/{page}',
		list: 'whole',
		answerFrom: async (request) => ({
			results: await listCallTypes(
				async (url) => (await request({ method: 'GET', url })) as IDataObject,
			),
		}),
		output: { root: 'results', numbers: ['ctid', 'priority'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a call type',
		description: 'Get a call type with its matching rules and default rate',
		method: 'GET',
		path: '/callType/get/{ctid}',
		fields: [loadedOptions('Call Type Name or ID', 'ctid', 'getCallTypes', 'The call type')],
		output: {
			root: 'serviceType',
			numbers: ['ctid', 'priority'],
			// The detail's 18 fields; Simplify brings the default rate's prices up beside the name.
			simplify: {
				id: 'ctid',
				simplified: [
					'name',
					'internal_code',
					'direction',
					'application',
					'priority',
					'tags',
					'default_rate.fixedrate',
					'default_rate.ratepermin',
					'default_rate.flagfall',
				],
				fields: [
					'ctid',
					'internal_code',
					'pabx_code',
					'name',
					'direction',
					'clid_regex',
					'dest_regex',
					'account_regex',
					'tags',
					'application',
					'enid_fields',
					'validation_function',
					'priority',
					'default_rate',
					'date_created',
					'date_modified',
					'user_created',
					'user_modified',
				],
			},
		},
	},
];
