import type { INodeProperties } from 'n8n-workflow';
import { bodyField } from '../shared/tableNode/describe';
import { rules } from '../shared/input/rules';
import type { RequestInput } from '../shared/input/rules';
import { cidField } from './customer.fields';

// Take Payment: where the money comes from (card on file, bank on file, a token, or a card's details), checked before anything is sent.

const CARD_FIELDS = ['cc_name', 'cc_number', 'cc_expmonth', 'cc_expyear', 'cc_ccv'];

export const paymentFields: INodeProperties[] = [
	cidField,
	bodyField({
		displayName: 'Amount',
		name: 'amount',
		type: 'number',
		required: true,
		default: 0,
		// No minValue: the editor would show the default as a prefilled 1.00. Below 1 is refused at run time.
		typeOptions: { numberPrecision: 2 },
		description: 'Amount to charge in dollars, at least 1',
	}),
	bodyField({
		displayName: 'Pay With',
		name: 'pay_with',
		type: 'options',
		options: [
			{ name: 'Bank Account on File', value: 'bank_on_file' },
			{
				name: 'Card Details',
				value: 'card',
				description: 'Card name, number, expiry and CCV given here',
			},
			{ name: 'Card on File', value: 'card_on_file' },
			{
				name: 'Payment Token',
				value: 'payment_token',
				description: 'Single-use token (one payment gateway only)',
			},
		],
		default: 'card_on_file',
		description: 'The one payment source the platform charges',
	}),
	{
		...bodyField({
			displayName: 'Payment Token',
			name: 'payment_token',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		}),
		displayOptions: { show: { pay_with: ['payment_token'] } },
	},
	...[
		{ displayName: 'Name on Card', name: 'cc_name', type: 'string' as const, default: '' },
		{
			displayName: 'Card Number',
			name: 'cc_number',
			type: 'string' as const,
			typeOptions: { password: true },
			default: '',
			description: 'Sent as the integer the platform expects (up to 16 digits)',
		},
		{
			displayName: 'Expiry Month',
			name: 'cc_expmonth',
			type: 'string' as const,
			default: '',
			placeholder: 'e.g. 07',
			description: 'Two digits, 01 to 12',
		},
		{
			displayName: 'Expiry Year',
			name: 'cc_expyear',
			type: 'string' as const,
			default: '',
			placeholder: 'e.g. 2028',
			description: 'Four digits',
		},
		{
			displayName: 'CCV',
			name: 'cc_ccv',
			type: 'string' as const,
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Store Card',
			name: 'store_card',
			type: 'boolean' as const,
			default: false,
			description: 'Whether to save this card as the card on file',
		},
	].map((field) => ({ ...bodyField(field), displayOptions: { show: { pay_with: ['card'] } } })),
];

/** The API wants one flag or one set of fields; the node offers one choice and sends only what it needs. */
export function preparePayment(input: RequestInput): void {
	const payWith = input.body.pay_with;
	delete input.body.pay_with;
	if (payWith === 'card_on_file' || payWith === 'bank_on_file') input.body[payWith] = true;
	if (payWith !== 'card')
		for (const field of [...CARD_FIELDS, 'store_card']) delete input.body[field];
	if (payWith !== 'payment_token') delete input.body.payment_token;
	// The spec types the card number and expiry year as integers (the month stays a two-digit string).
	if (payWith === 'card')
		for (const field of ['cc_number', 'cc_expyear'])
			input.body[field] = Number(String(input.body[field]).trim());
}

const CARD_LABELS: Record<string, string> = {
	cc_name: 'Name on Card',
	cc_number: 'Card Number',
	cc_expmonth: 'Expiry Month',
	cc_expyear: 'Expiry Year',
	cc_ccv: 'CCV',
};

/** A card number must reach the platform digit for digit; JSON numbers hold integers exactly only so far. */
function exactInteger(input: RequestInput): string | undefined {
	return Number.isSafeInteger(Number(String(input.body.cc_number).trim()))
		? undefined
		: 'Card Number (cc_number) has more digits than can be sent exactly as the integer ' +
				'the platform expects; pay with a payment token instead';
}

/** Exactly one payment source, complete: the spec's rule for customer/payment. */
export function paymentSourceRule(input: RequestInput): string | undefined {
	const payWith = input.body.pay_with;
	if (payWith === 'payment_token')
		return rules.required('body', 'payment_token', 'Payment Token')(input);
	if (payWith !== 'card') return undefined;
	for (const field of CARD_FIELDS) {
		const missing = rules.required('body', field, CARD_LABELS[field])(input);
		if (missing) return `${missing} when paying with card details`;
	}
	return (
		rules.pattern(
			'body',
			'cc_number',
			'Card Number',
			/^\d{12,19}$/,
			'must be 12 to 19 digits',
		)(input) ??
		exactInteger(input) ??
		rules.pattern(
			'body',
			'cc_expmonth',
			'Expiry Month',
			/^(0[1-9]|1[0-2])$/,
			'must be two digits from 01 to 12',
		)(input) ??
		rules.pattern('body', 'cc_expyear', 'Expiry Year', /^\d{4}$/, 'must be four digits')(input)
	);
}
