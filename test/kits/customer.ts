import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { useNode } from '../harness/nodeRunner';

/** The Customer node against a fresh simulator per test, with its two resources' parameters. */
export function useCustomer() {
	const node = useNode(new TelcoBillingCustomer());
	const customer = (operation: string, parameters: Record<string, unknown> = {}) => ({
		resource: 'customer',
		operation,
		...parameters,
	});
	const contact = (operation: string, parameters: Record<string, unknown> = {}) => ({
		resource: 'contact',
		operation,
		...parameters,
	});
	// The seeded history holds payments already: the one a test makes is the last.
	const lastPayment = () => node.sim().state.payments[node.sim().state.payments.length - 1];
	return { node, customer, contact, lastPayment };
}

/**
 * Create or Update as a CRM sync maps it: each row's email, its Billing Customer ID (`cid`) and Last Written
 * Fingerprint (`fingerprint`) as the write-back left them, and the given customer fields from the columns of
 * their names.
 */
export function crmRowSync(fields: string[]): Record<string, unknown> {
	return {
		email: '={{ $json.email }}',
		knownCid: '={{ $json.cid ?? "" }}',
		lastWritten: '={{ $json.fingerprint ?? "" }}',
		customerFields: Object.fromEntries(fields.map((field) => [field, `={{ $json.${field} }}`])),
	};
}
