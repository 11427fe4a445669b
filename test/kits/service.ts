import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { useNode } from '../harness/nodeRunner';

/** A resource locator value in ID mode. */
export const rl = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The Service node against a fresh simulator per test. */
export function useService() {
	const node = useNode(new TelcoBillingService());
	const service = (operation: string, parameters: Record<string, unknown> = {}) => ({
		resource: 'service',
		operation,
		...parameters,
	});
	const state = () => node.sim().state;
	// Service 1 of customer 1001: NBN at 59.95 from 2025-01-01, "24 months" → contract ends 2027-01-01.
	const target = () => state().services[0];
	return { node, service, state, target };
}

export { ETF_DATE } from '../simulator/state';
