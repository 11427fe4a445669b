import { TelcoBillingQualification } from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import { useNode } from '../harness/nodeRunner';

/** The Qualification node against a fresh simulator per test, and the query it sent. */
export function useQualification() {
	const node = useNode(new TelcoBillingQualification());
	const run = (operation: string, parameters: Record<string, unknown> = {}) =>
		node.run({ resource: 'qualification', operation, ...parameters } as never);
	const query = () =>
		Object.fromEntries(new URL(node.sim().requests[0].url, 'http://x').searchParams);
	return { node, run, query };
}
