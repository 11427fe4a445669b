import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CdrStore } from '../cdrStore';
import type { State } from '../state';
import { sampleCdr } from '../sampleCdr';
import { advance } from '../history/advance';
import { EXTRAS, isExtra } from '../extras';
import { TRAITS, defaultTraits, traitsOf } from '../traits';
import { NAMED_FAULTS, countFaults, defaultModes } from '../faults';
import type { Fault, FaultEntry, FaultModes } from '../faults';
import type { RequestStats } from '../stats';

const FAULTS: readonly string[] = NAMED_FAULTS;
const SHARES = ['fail503Share', 'fail429Share', 'resetShare', 'failAfterWriteShare'] as const;

/** The simulator's fault machinery the controls reach (app.ts owns it). */
export interface FaultControls {
	faults: Fault[];
	latency: { ms: number };
	modes: FaultModes;
	faultLog: FaultEntry[];
	concurrency: { now: number; most: number };
	outage(ms: number, mode?: FaultModes['outageMode']): void;
	/** Every API request answered (app.ts). */
	requests: unknown[];
	stats: RequestStats;
}

interface ModesBody {
	fail503Share?: number;
	fail429Share?: number;
	resetShare?: number;
	failAfterWriteShare?: number;
	retryAfter?: number;
	seed?: number;
	latency?: number;
	outage?: { ms?: number; mode?: string };
	/** Milliseconds after its client gave up that a `landsLate` write lands by itself. */
	lateLandingMs?: number;
	/** true: every mode back to off (shares 0, no outage, no latency) before the rest is applied. */
	off?: boolean;
}

/** The keys of a modes body (POST /__simulator/faults), and of its outage. */
export const MODES_KEYS = [
	...SHARES,
	'retryAfter',
	'seed',
	'latency',
	'outage',
	'lateLandingMs',
	'off',
] as const;
const OUTAGE_KEYS = ['ms', 'mode'];

/** What is wrong with a modes body, or undefined. */
function modesProblem(body: ModesBody): string | undefined {
	for (const name of SHARES) {
		const value = body[name];
		if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1))
			return `${name} must be a share between 0 and 1`;
	}
	const total = SHARES.reduce((sum, name) => sum + (body[name] ?? 0), 0);
	if (total > 1) return 'the shares together must not exceed 1';
	for (const name of ['retryAfter', 'latency', 'lateLandingMs'] as const) {
		const value = body[name];
		if (value !== undefined && !(typeof value === 'number' && value >= 0))
			return `${name} must be a number, 0 or more`;
	}
	if (body.seed !== undefined && !Number.isInteger(body.seed)) return 'seed must be an integer';
	if (body.off !== undefined && typeof body.off !== 'boolean') return 'off must be true or false';
	if (body.outage !== undefined) {
		const extra = Object.keys(body.outage ?? {}).filter((key) => !OUTAGE_KEYS.includes(key));
		if (extra.length)
			return `outage takes ${OUTAGE_KEYS.join(', ')}; it does not read ${extra.join(', ')}`;
		const { ms, mode = '503' } = body.outage ?? {};
		if (typeof ms !== 'number' || !(ms >= 0)) return 'outage.ms must be a number of milliseconds';
		if (mode !== '503' && mode !== 'refuse') return "outage.mode must be '503' or 'refuse'";
	}
	return undefined;
}

/**
 * What is wrong with a control's body, or undefined: a body that is not a JSON object, or holds a key the control
 * does not read, or (where the control needs one) none of those it reads. Such a body would be ignored, so it is
 * refused, naming the keys the control takes: a typo never answers success having changed nothing.
 */
export function bodyProblem(
	path: string,
	body: unknown,
	takes: readonly string[],
	needsOne: boolean,
): string | undefined {
	const listed = takes.join(', ');
	const taken = !takes.length
		? `${path} takes no body`
		: needsOne
			? `${path} takes a JSON object with one or more of: ${listed}`
			: `${path} takes no body, or a JSON object with: ${listed}`;
	if (body === undefined || body === null) return needsOne ? `${taken}; none was given` : undefined;
	if (typeof body !== 'object' || Array.isArray(body)) return `${taken}; the body is not an object`;
	if ((body as { __invalid_json?: true }).__invalid_json) return `${taken}; the body is not JSON`;
	const keys = Object.keys(body);
	const unknown = keys.filter((key) => !takes.includes(key));
	if (unknown.length) return `${taken}; it does not read ${unknown.join(', ')}`;
	if (needsOne && keys.length === 0) return `${taken}; the body names none`;
	return undefined;
}

/**
 * Simulator-only controls under /__simulator (not part of the platform's API), for tests running in
 * another process and for people building workflows offline.
 */
export function registerControlRoutes(
	app: FastifyInstance,
	state: State,
	controls: FaultControls,
): void {
	const { faults, latency, modes, faultLog, concurrency, requests, stats } = controls;
	/** A POST control's route options: a body it would ignore is refused (400), naming the keys it takes. */
	const takes = (path: string, keys: readonly string[], needsOne = true) => ({
		preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
			const problem = bodyProblem(`POST ${path}`, request.body, keys, needsOne);
			if (problem) return reply.code(400).send({ success: false, description: problem });
			return undefined;
		},
	});
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
	app.get('/__simulator/state/payments', async () => ({ records: state.payments }));
	app.get('/__simulator/state/leads', async () => ({ records: state.leads }));
	app.get('/__simulator/state/timeline', async () => ({ records: state.timeline }));
	app.get('/__simulator/state/campaigns', async () => ({
		records: state.bulkEmail.campaigns.map((c) => ({
			...c,
			counts: state.bulkEmail.counts(c),
			recipients: c.recipients.length,
		})),
	}));

	// Time passing (history/advance.ts): bill runs, payments, services starting and ending, customers leaving.
	app.post(
		'/__simulator/advance',
		takes('/__simulator/advance', ['days'], false),
		async (request: FastifyRequest<{ Body: { days?: unknown } | null }>, reply) => {
			const days = request.body?.days ?? 1;
			if (!Number.isInteger(days) || (days as number) < 1 || (days as number) > 400)
				return reply
					.code(400)
					.send({ success: false, description: 'days must be a whole number from 1 to 400' });
			return { success: true, ...advance(state, days as number) };
		},
	);

	app.post('/__simulator/cdrs/reset', takes('/__simulator/cdrs/reset', [], false), async () => {
		state.resetCdrs();
		return { success: true };
	});

	app.post('/__simulator/cdrs/rate', takes('/__simulator/cdrs/rate', [], false), async () => ({
		success: true,
		rated: state.cdrs.rate(),
	}));

	app.get('/__simulator/outbox', async () => ({ messages: state.bulkEmail.outbox }));

	app.post(
		'/__simulator/bulk-email/run',
		takes('/__simulator/bulk-email/run', [], false),
		async () => {
			state.bulkEmail.run();
			return { success: true };
		},
	);

	app.post(
		'/__simulator/bulk-email/fail-next-create',
		takes('/__simulator/bulk-email/fail-next-create', [], false),
		async () => {
			state.bulkEmail.failNextCreate = true;
			return { success: true };
		},
	);

	app.post(
		'/__simulator/cdrs/append',
		takes('/__simulator/cdrs/append', ['source', 'startdates']),
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
		takes('/__simulator/fault', ['fault', 'error_code', 'after', 'retry_after']),
		async (
			request: FastifyRequest<{
				Body: { fault?: Fault; error_code?: string; after?: number; retry_after?: number };
			}>,
			reply,
		) => {
			const {
				fault,
				error_code: errorCode,
				after = 0,
				retry_after: retryAfter,
			} = request.body ?? {};
			// Everything checked before anything changes: a refused body leaves the simulator as it was.
			const refuse = (description: string) => reply.code(400).send({ success: false, description });
			// `retry_after`: seconds in the Retry-After header of the 429s served from now on.
			if (retryAfter !== undefined && !(typeof retryAfter === 'number' && retryAfter >= 0))
				return refuse('retry_after must be a number of seconds');
			// `after: n`: the fault hits the (n+1)th request from now (e.g. the third batch of an import).
			if (!(Number.isInteger(after) && after >= 0))
				return refuse('after must be a whole number, 0 or more');
			const named = typeof fault === 'string' && FAULTS.includes(fault);
			if ((errorCode === undefined) === (fault === undefined) || (fault !== undefined && !named))
				return refuse(
					`give one of error_code (a text), or fault as one of ${FAULTS.join(', ')}` +
						' (Retry-After alone: POST /__simulator/faults {"retryAfter": seconds})',
				);
			if (typeof errorCode === 'string' ? errorCode.trim() === '' : errorCode !== undefined)
				return refuse('error_code must be a text, such as gateway_declined');
			if (retryAfter !== undefined) modes.retryAfter = retryAfter;
			for (let i = 0; i < after; i++) faults.push('pass');
			faults.push(errorCode ? { errorCode } : (fault as Fault));
			return { success: true, queued: faults.length };
		},
	);

	app.post(
		'/__simulator/latency',
		takes('/__simulator/latency', ['ms']),
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

	// Lasting fault modes: shares of transient faults, Retry-After, seed, latency, an outage from now.
	app.post(
		'/__simulator/faults',
		takes('/__simulator/faults', MODES_KEYS),
		async (request: FastifyRequest<{ Body: ModesBody }>, reply) => {
			const body = request.body ?? {};
			const problem = modesProblem(body);
			if (problem) return reply.code(400).send({ success: false, description: problem });
			if (body.off) {
				Object.assign(modes, defaultModes());
				latency.ms = 0;
			}
			for (const name of [...SHARES, 'retryAfter', 'seed', 'lateLandingMs'] as const)
				if (body[name] !== undefined) modes[name] = body[name]!;
			if (body.latency !== undefined) latency.ms = body.latency;
			if (body.outage)
				controls.outage(body.outage.ms!, (body.outage.mode ?? '503') as FaultModes['outageMode']);
			return { success: true, modes, latency: latency.ms };
		},
	);

	// What the faults did: counts by kind, the queue left, the concurrency counter. `faultsServed` counts faults,
	// not requests (it stays 0 on a good day): the requests are `requests`, and by endpoint at /__simulator/stats.
	app.get('/__simulator/faults', async () => ({
		success: true,
		modes,
		latency: latency.ms,
		counts: countFaults(faultLog),
		faultsServed: faultLog.length,
		requests: requests.length,
		queued: faults.length,
		concurrency,
	}));

	// What each run sent: requests by endpoint, how many were acted on and wrote, the runs (`quiet`: the gap in
	// milliseconds that ends one, default 2000). `POST …/stats/reset` starts counting anew.
	app.get(
		'/__simulator/stats',
		async (request: FastifyRequest<{ Querystring: { quiet?: string } }>, reply) => {
			const quiet = request.query.quiet === undefined ? undefined : Number(request.query.quiet);
			if (quiet !== undefined && !(quiet >= 0))
				return reply
					.code(400)
					.send({ success: false, description: 'quiet must be a number of milliseconds' });
			return { success: true, ...stats.read(quiet) };
		},
	);
	app.post('/__simulator/stats/reset', takes('/__simulator/stats/reset', [], false), async () => {
		stats.reset();
		return { success: true };
	});

	// The kindnesses switched on by name (extras.ts): the whole set, replacing the previous one.
	app.post(
		'/__simulator/extras',
		takes('/__simulator/extras', ['extras']),
		async (request: FastifyRequest<{ Body: { extras?: unknown } }>, reply) => {
			const names = request.body?.extras;
			if (!Array.isArray(names) || !names.every(isExtra))
				return reply.code(400).send({
					success: false,
					description: `give extras, a list of names from ${EXTRAS.join(', ')}`,
				});
			state.extras.clear();
			for (const name of names) state.extras.add(name);
			return { success: true, extras: [...state.extras] };
		},
	);
	app.get('/__simulator/extras', async () => ({ success: true, extras: [...state.extras] }));

	// The answers to the spec's open questions (traits.ts): the traits named change, the rest stay;
	// `defaults: true` first puts every trait back. Nothing changes when one name or value is unknown.
	app.post(
		'/__simulator/traits',
		takes('/__simulator/traits', ['traits', 'defaults']),
		async (request: FastifyRequest<{ Body: { traits?: unknown; defaults?: unknown } }>, reply) => {
			const { traits = {}, defaults = false } = request.body ?? {};
			let given;
			try {
				if (typeof defaults !== 'boolean') throw new Error('defaults must be true or false');
				given = traitsOf(traits);
			} catch (error) {
				return reply.code(400).send({ success: false, description: (error as Error).message });
			}
			if (!defaults && Object.keys(given).length === 0)
				return reply.code(400).send({
					success: false,
					description:
						'POST /__simulator/traits names no trait: give traits as {"name": "value"} ' +
						`(${Object.keys(TRAITS).join(', ')}), or defaults: true`,
				});
			if (defaults) Object.assign(state.traits, defaultTraits());
			Object.assign(state.traits, given);
			return { success: true, traits: state.traits };
		},
	);
	app.get('/__simulator/traits', async () => ({
		success: true,
		traits: state.traits,
		values: TRAITS,
	}));
}
