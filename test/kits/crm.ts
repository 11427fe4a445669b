import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { useNode } from '../harness/nodeRunner';

/** The CRM node against a fresh simulator per test. */
export function useCrm() {
	const node = useNode(new TelcoBillingCrm());
	const state = () => node.sim().state;
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	const run = (resource: string, operation: string, parameters: IDataObject = {}, options = {}) =>
		node.run({ resource, operation, ...parameters }, options);
	return { node, state, rl, run };
}
