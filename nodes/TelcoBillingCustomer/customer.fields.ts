import { rules } from '../shared/input/rules';
import type { Operation } from '../shared/operation/operations';
import type { INodeProperties } from 'n8n-workflow';
import { customerLocator } from '../shared/methods/locators';
import { bodyField } from '../shared/tableNode/describe';

/** Customer record fields accepted by customer/add and customer/update, alphabetical as n8n lists them. */
export const customerRecordFields: INodeProperties[] = [
	bodyField({
		displayName: 'ABN',
		name: 'abn',
		type: 'string',
		default: '',
		description: 'Business number',
	}),
	bodyField({ displayName: 'Bank Account BSB', name: 'bank_bsb', type: 'string', default: '' }),
	bodyField({ displayName: 'Bank Account Name', name: 'bank_name', type: 'string', default: '' }),
	bodyField({
		displayName: 'Bank Account Number',
		name: 'bank_number',
		type: 'string',
		typeOptions: { password: true },
		default: '',
	}),
	bodyField({
		displayName: 'Call Rate Card Name or ID',
		name: 'ctgid',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCallRateCards' },
		default: '',
		description:
			'Call rate card (ctgid) used to rate this customer’s calls. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	}),
	bodyField({
		displayName: 'Card Token',
		name: 'card_token',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'Card token saved against the customer, for card entry offloaded to a public portal',
	}),
	bodyField({ displayName: 'Company', name: 'company', type: 'string', default: '' }),
	bodyField({
		displayName: 'Credit Management',
		name: 'credit_management',
		type: 'boolean',
		default: false,
		description:
			'Whether credit management is on: the platform then charges no late fee and does ' +
			'not charge the card on the due date',
	}),
	bodyField({
		displayName: 'Date of Birth',
		name: 'dob',
		type: 'dateTime',
		default: '',
		description: 'Sent as YYYY-MM-DD; any time of day is ignored',
	}),
	bodyField({
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	}),
	bodyField({ displayName: 'First Name', name: 'name', type: 'string', default: '' }),
	bodyField({ displayName: 'Mobile', name: 'mobile', type: 'string', default: '' }),
	bodyField({
		displayName: 'Payment Method',
		name: 'paymethod',
		type: 'options',
		options: [
			{ name: 'Credit Card', value: 'credit card', description: 'Automated card payments' },
			{ name: 'Invoice', value: 'invoice', description: 'Pays on invoice' },
		],
		default: 'invoice',
	}),
	bodyField({ displayName: 'Phone', name: 'phone', type: 'string', default: '' }),
	bodyField({
		displayName: 'Portal Password',
		name: 'web_password',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password for the customer portal. Never shown in output or errors.',
	}),
	bodyField({ displayName: 'Surname', name: 'surname', type: 'string', default: '' }),
];

/** The customer fields the spec types as 0/1 flags. */
export const customerFlagFields = ['credit_management'];

export const customerSecretFields = ['web_password', 'card_token', 'bank_number'];

/** The customer fields the spec types as strings (a number an expression gives is sent as its text). */
export const customerTextFields = customerRecordFields
	.filter((field) => field.type === 'string')
	.map((field) => field.name);

export const cidField: INodeProperties = customerLocator();

/**
 * What every operation that writes a customer's fields reads of them, written once: its date of birth a real date,
 * its secrets kept out of errors, its flags read as switches. Create, Update and Create or Update spread it.
 */
export const customerRecordRules: Pick<
	Operation,
	'rules' | 'dateFields' | 'secretFields' | 'flagFields'
> = {
	rules: [rules.date('body', 'dob', 'Date of Birth')],
	dateFields: ['dob'],
	secretFields: customerSecretFields,
	flagFields: customerFlagFields,
};
