import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { bodyField, collection } from '../shared/tableNode/describe';
import { sameEmail } from '../shared/operation/customerText';
import type { Request } from '../shared/operation/request';
import type { Operation } from '../shared/operation/operations';
import { isBlank } from '../shared/input/rules';
import type { Rule } from '../shared/input/rules';
import { customerRecordFields, customerRecordRules, customerTextFields } from './customer.fields';

import { byEmail, emailOf, knownOf } from './customer.upsertRow';
import { byReference } from './customer.upsertMatch';
import { byEmailAddress, emailKey, idKey } from './customer.upsertRun';
import { previewed } from './customer.upsertPreview';

/**
 * Customer Create or Update: safe by construction, and quiet on a re-run. A row that carries the customer's
 * ID (the one an earlier run wrote back) updates that customer; a row without one is matched by email, and
 * created only when the platform answered, without doubt, that no customer has the email. Every other
 * outcome of the lookup (a failure, several matches, a match whose id cannot be told) fails the item and
 * writes nothing. An Update failure is a failure, never a reason to create. Nothing is written that the
 * customer already holds.
 */
const upsertFields: INodeProperties[] = [
	{
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		options: [
			{
				name: 'Billing Customer ID When Known, Otherwise Email',
				value: 'email',
				description:
					'A row with the ID an earlier run wrote back updates that customer; a row without one updates ' +
					'the one customer with its email, or creates the customer when no customer has it',
			},
			{
				name: 'Customer ID, Account ID or CRM ID Only',
				value: 'reference',
				description:
					'Update the customer with this reference. Never creates: the platform cannot give a new ' +
					'customer an account_id or crm_id, so a re-run would create it again.',
			},
		],
		default: 'email',
		description: 'How to tell whether the customer exists already',
	},
	{
		...bodyField({
			displayName: 'Email',
			name: 'email',
			type: 'string',
			required: true,
			placeholder: 'name@email.com',
			default: '',
			description:
				'The customer’s email: matched whole, ignoring case, and saved on the customer. For platforms whose ' +
				'search compares case, see Create or Update in the package’s docs/operations.md.',
		}),
		displayOptions: { show: { matchOn: ['email'] } },
	},
	{
		displayName: 'Billing Customer ID',
		name: 'knownCid',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.billing_customer_id }}',
		description:
			'The customer ID (or account_id, crm_id) an earlier run wrote back to the row. When given, that customer ' +
			'is updated and never another; leave empty for customers not synced yet.',
		displayOptions: { show: { matchOn: ['email'] } },
	},
	{
		displayName: 'Last Written Fingerprint',
		name: 'lastWritten',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.billing_fingerprint }}',
		description:
			'The fingerprint an earlier run output for this row, written back beside its customer ID. A row whose ' +
			'values have not changed since is not sent at all; a changed row writes only its changed fields.',
	},
	{
		displayName: 'Customer ID, Account ID or CRM ID',
		name: 'customerRef',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1042, ACC-1-0042 or a CRM ID',
		description: 'The platform’s reference of the customer to update',
		displayOptions: { show: { matchOn: ['reference'] } },
	},
	collection('Customer Fields', 'customerFields', customerRecordFields),
];

const matchRules: Rule[] = [
	(input) => (byEmail(input) && emailOf(input) === '' ? 'Email (email) is required' : undefined),
	(input) =>
		byEmail(input) && !/^[^\s@]+@[^\s@]+$/.test(emailOf(input))
			? 'Email (email) must be an email address such as name@email.com'
			: undefined,
	(input) => {
		// Both given and different: which one to save (and match on) would be a guess.
		const other = (input.param('customerFields', {}) as IDataObject).email;
		return byEmail(input) && !isBlank(other) && !sameEmail(other, emailOf(input))
			? 'Email (email) is what the customer is matched on: leave Email out of Customer Fields, ' +
					'or give the same address in both'
			: undefined;
	},
	(input) =>
		!byEmail(input) && isBlank(input.param('customerRef', ''))
			? 'Customer ID, Account ID or CRM ID (customerRef) is required'
			: undefined,
];

export const upsertOperation: Operation = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a customer',
	description:
		'Update the customer with the ID a row carries, or the one with its email, or create it; never ' +
		'creates when the match is in doubt',
	method: 'POST',
	path: '/customer/add',
	readsBeforeWriting: true,
	fields: upsertFields,
	...customerRecordRules,
	rules: [...matchRules, ...(customerRecordRules.rules ?? [])],
	textFields: customerTextFields,
	writeKeys: (input) =>
		byEmail(input)
			? [emailKey(input), ...(knownOf(input) ? [idKey(knownOf(input))] : [])]
			: [`customer ${String(input.param('customerRef', '')).trim()}`],
	answerFrom: async (request, input, notes) => {
		const done = byEmail(input)
			? await byEmailAddress(request, input, notes)
			: await byReference(request, input);
		return (request as Request).preview ? previewed(done) : done;
	},
};
