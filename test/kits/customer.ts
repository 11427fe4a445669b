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
