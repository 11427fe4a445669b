import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CdrStore } from '../cdrStore';
import type { Fault } from '../app';
import type { State } from '../state';

const FAULTS: Fault[] = ['http500', 'drop', 'invalidKey'];

/**
 * Simulator-only controls under /__simulator (not part of the platform's API), for tests running in
 * another process and for people building workflows offline.
 */
export function registerControlRoutes(app: FastifyInstance, state: State, faults: Fault[]): void {
	app.get('/__simulator/cdrs', async (request: FastifyRequest<{ Querystring: { source?: string } }>) => ({
		cdrs: state.cdrs.all.filter((c) => !request.query.source || c.source === request.query.source).map(CdrStore.shown),
	}));

	app.post('/__simulator/cdrs/reset', async () => {
		state.resetCdrs();
		return { success: true };
	});

	app.post('/__simulator/cdrs/rate', async () => ({ success: true, rated: state.cdrs.rate() }));

	app.post('/__simulator/fault', async (request: FastifyRequest<{ Body: { fault?: Fault } }>, reply) => {
		const fault = request.body?.fault;
		if (!fault || !FAULTS.includes(fault)) return reply.code(400).send({ success: false, description: `fault must be one of ${FAULTS.join(', ')}` });
		faults.push(fault);
		return { success: true, queued: faults.length };
	});
}
