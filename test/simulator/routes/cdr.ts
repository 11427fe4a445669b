import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deptOf } from '../respond';
import type { State } from '../state';

export function registerCdrRoutes(app: FastifyInstance, state: State): void {
	app.get('/cdr/status', async (request: FastifyRequest) => ({
		success: true,
		data: state.cdrSources
			.filter((s) => s.deptid === deptOf(request))
			.map(({ source, latest_date }) => ({ source, latest_date })),
	}));
}
