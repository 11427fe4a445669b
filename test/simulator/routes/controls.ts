import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CdrStore } from '../cdrStore';
import type { Fault } from '../app';
import type { State } from '../state';
import { sampleCdr } from '../sampleCdr';

const FAULTS: Fault[] = ['http500', 'drop', 'hang', 'invalidKey'];

/**
 * Simulator-only controls under /__simulator (not part of the platform's API), for tests running in
 * another process and for people building workflows offline.
 */
export function registerControlRoutes(
	app: FastifyInstance,
	state: State,
	faults: Fault[],
	latency: { ms: number },
): void {
	app.get(
		'/__simulator/cdrs',
		async (request: FastifyRequest<{ Querystring: { source?: string } }>) => ({
			cdrs: state.cdrs.all
				.filter((c) => !request.query.source || c.source === request.query.source)
				.map(CdrStore.shown),
		}),
	);

	app.get('/__simulator/mailbox', async () => ({ messages: state.mailbox }));

	// Read-only views of the state, for tests that run the simulator in another process.
	app.get('/__simulator/state/customers', async () => ({ records: state.customers }));
	app.get('/__simulator/state/campaigns', async () => ({
		records: state.bulkEmail.campaigns.map((c) => ({
			...c,
			counts: state.bulkEmail.counts(c),
			recipients: c.recipients.length,
		})),
	}));

	app.post('/__simulator/cdrs/reset', async () => {
		state.resetCdrs();
		return { success: true };
	});

	app.post('/__simulator/cdrs/rate', async () => ({ success: true, rated: state.cdrs.rate() }));

	app.get('/__simulator/outbox', async () => ({ messages: state.bulkEmail.outbox }));

	app.post('/__simulator/bulk-email/run', async () => {
		state.bulkEmail.run();
		return { success: true };
	});

	app.post('/__simulator/bulk-email/fail-next-create', async () => {
		state.bulkEmail.failNextCreate = true;
		return { success: true };
	});

	app.post(
		'/__simulator/cdrs/append',
		async (
			request: FastifyRequest<{ Body: { source?: string; startdates?: string[] } }>,
			reply,
		) => {
			const { source, startdates } = request.body ?? {};
			const key = [...state.keys.values()].find((k) => k.data.cdr_source === source);
			if (!key || !Array.isArray(startdates))
				return reply
					.code(400)
					.send({ success: false, description: 'give a known source and startdates' });
			for (const startdate of startdates) {
				state.cdrs.insert(
					source!,
					key.data.department,
					sampleCdr(`sim-${state.nextId('appended')}`, startdate, 60),
				);
			}
			state.cdrs.afterImport();
			return { success: true };
		},
	);

	app.post(
		'/__simulator/fault',
		async (
			request: FastifyRequest<{ Body: { fault?: Fault; error_code?: string; after?: number } }>,
			reply,
		) => {
			const { fault, error_code: errorCode, after = 0 } = request.body ?? {};
			// `after: n`: the fault hits the (n+1)th request from now (e.g. the third batch of an import).
			if (!(Number.isInteger(after) && after >= 0))
				return reply
					.code(400)
					.send({ success: false, description: 'after must be a whole number, 0 or more' });
			if (errorCode || (typeof fault === 'string' && FAULTS.includes(fault)))
				for (let i = 0; i < after; i++) faults.push('pass');
			if (errorCode) faults.push({ errorCode });
			else if (typeof fault === 'string' && FAULTS.includes(fault)) faults.push(fault);
			else
				return reply.code(400).send({
					success: false,
					description: `give error_code, or fault as one of ${FAULTS.join(', ')}`,
				});
			return { success: true, queued: faults.length };
		},
	);

	app.post(
		'/__simulator/latency',
		async (request: FastifyRequest<{ Body: { ms?: number } }>, reply) => {
			const ms = request.body?.ms;
			if (typeof ms !== 'number' || !(ms >= 0))
				return reply
					.code(400)
					.send({ success: false, description: 'give ms, a number of milliseconds (0: no delay)' });
			latency.ms = ms;
			return { success: true, ms };
		},
	);
}
