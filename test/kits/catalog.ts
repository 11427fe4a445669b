import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { useNode } from '../harness/nodeRunner';

/** The Catalog node against a fresh simulator per test, and what it sent. */
export function useCatalog() {
	const node = useNode(new TelcoBillingCatalog());
	const state = () => node.sim().state;
	const urls = () => node.sim().requests.map((r) => r.url.replace(/^\/[^/]+/, ''));
	// Partial updates must send only what the user set.
	const sent = () =>
		node
			.sim()
			.requests.filter((r) => r.method === 'POST')
			.map((r) => r.body);
	return { node, state, urls, sent };
}
