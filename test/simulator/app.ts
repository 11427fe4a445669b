import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { heldRequests } from './held';
import seedFile from './seed.json';
import { registerContactRoutes } from './routes/contacts';
import { registerCustomerRoutes } from './routes/customers';
import { registerCdrRoutes } from './routes/cdr';
import { registerBulkEmailRoutes } from './routes/bulkEmail';
import { registerBundleRoutes } from './routes/bundles';
import { registerCatalogRoutes } from './routes/catalog';
import { registerControlRoutes } from './routes/controls';
import { registerMailPage } from './routes/mailPage';
import { registerReportRoutes } from './routes/report';
import { registerCrmRoutes } from './routes/crm';
import { registerQualifyRoutes } from './routes/qualify';
import { registerAccountRoutes, registerResetRoute } from './routes/account';
import { registerServiceRoutes } from './routes/services';
import { State } from './state';
import { inspect, inspectAnswer } from '../conformance/guard';
import type { ApiKey, Seed } from './state';
import { extrasOf } from './extras';
import type { Extra } from './extras';
import { traitsOf } from './traits';
import type { Traits } from './traits';
import { shapeAnswers } from './answerTraits';
import { ShareChooser, defaultModes, replaceLate, send503, serveEarly } from './faults';
import type { Fault, FaultEntry, FaultModes } from './faults';
import { typeRefusal } from './strict';
import { clock } from '../../nodes/shared/transport/clock';
import type { SenderOptions } from './bulkEmail';
import { RequestStats } from './stats';

export type { Fault } from './faults';

declare module 'fastify' {
	interface FastifyRequest {
		apiKey: ApiKey;
	}
}

/** A request as the simulator received it. */
export interface ReceivedRequest {
	method: string;
	url: string;
	/** The request's headers, names in lower case (`user-agent`, `content-type`, `accept`). */
	headers: FastifyRequest['headers'];
	body?: unknown;
}

export interface Simulator {
	app: FastifyInstance;
	state: State;
	url: string;
	/**
	 * Every request the simulator answered, path as received (the key included), its headers as received (names in
	 * lower case, as Node gives them) and its parsed body if any.
	 */
	requests: ReceivedRequest[];
	/**
	 * The requests of `requests` that reached their route with a valid key and were not refused by it: what the
	 * platform acted on (a request a fault answered before its route, or a throttle, is not here; a lost
	 * answer's is).
	 */
	handled: ReceivedRequest[];
	/** When a request of `requests` arrived, on the package's clock (`clock().now()`). */
	arrivedAt(request: { method: string; url: string }): number | undefined;
	/** Faults served to the next requests, one each, in order (faults.ts lists them). */
	faults: Fault[];
	/** Lasting fault modes (shares of 503, 429, resets, lost answers; the outage), changed in place. */
	modes: FaultModes;
	/** Every fault served, in order: `countFaults(sim.faultLog)` counts them by kind. */
	faultLog: FaultEntry[];
	/** The kindnesses switched on by name (extras.ts); the same set as `state.extras`. */
	extras: Set<Extra>;
	/**
	 * The answers to the spec's open questions (traits.ts), changed in place: `sim.traits.searchCase =
	 * 'compared'`. The same object as `state.traits`; defaults: the simulator as it was before traits.
	 */
	traits: Traits;
	/** What each run sent, by endpoint, and its writes (stats.ts; `GET /__simulator/stats`). */
	stats: RequestStats;
	/** The simulator's own controls under /__simulator, each method and path as registered (docs/sandbox.md). */
	controls: Array<{ method: string; path: string }>;
	/**
	 * Lands every write the `landsLate` fault holds now (each route runs and stores, its client long gone), and
	 * resolves once they have.
	 */
	landLate(): Promise<void>;
	/**
	 * Called with each API request once its answer is made, before it is sent: a test does there what another
	 * client does meanwhile (another n8n worker creating the same customer). Cleared by renew().
	 */
	afterAnswer?: (request: { method: string; url: string; body?: unknown }) => Promise<void> | void;
	/** Milliseconds every API request waits before it is handled: a slow platform, for overlap tests. */
	latency: { ms: number };
	/** API requests being handled right now, and the most at once so far (set `most` to 0 to measure anew). */
	concurrency: { now: number; most: number };
	/**
	 * An outage from now for `ms`: every API request answered 503, or with mode 'refuse' the port closed
	 * (connections refused) and opened again on the same port.
	 */
	outage(ms: number, mode?: FaultModes['outageMode']): void;
	/**
	 * Back to what it was started as, on the same port: the seeded state, the options' traits and extras, no
	 * faults, modes as started, every log empty. What a new simulator would be, for a fraction of its start.
	 */
	renew(): Promise<void>;
	close(): Promise<void>;
}

export interface SimulatorOptions {
	port?: number;
	host?: string;
	seed?: Seed;
	/** The bulk email sender: messages per run and the share that fails (every n-th recipient). */
	bulkEmail?: Partial<SenderOptions>;
	/** Rows per page of the `/get/page/{n}` listings (the spec does not say; 20, like leads and campaigns). */
	pageSize?: number;
	/** Kindnesses switched on by name (extras.ts); none: strictly the spec. */
	extras?: string[];
	/** The spec's open questions answered otherwise than by default (traits.ts), checked by name and value. */
	traits?: Partial<Record<string, string>>;
	/** Lasting fault modes from the start (faults.ts); `outage` starts when the simulator listens. */
	modes?: Partial<Omit<FaultModes, 'outageUntil' | 'outageMode'>>;
	outage?: { ms: number; mode?: FaultModes['outageMode'] };
	latency?: number;
}

/** Whether a route's answer is one of the platform's refusals (success false, an error_code). */
function refusesIn(payload: unknown): boolean {
	if (typeof payload !== 'string') return false;
	try {
		const body = JSON.parse(payload) as Record<string, unknown>;
		if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
		const flags = ['success', 'succes', 'sucess', 'result'].map((key) => body[key]);
		return flags.some((flag) => flag === false || flag === 'false') || Boolean(body.error_code);
	} catch {
		return false;
	}
}

// The header of the simulator's own request that lands a held write (the `landsLate` fault).
const LANDING = 'x-simulator-landing';

function invalidKey(request: FastifyRequest) {
	return request.url.includes('/customer/bulk-email')
		? { success: false, error_code: 'invalid_key', description: 'invalid key' }
		: { success: false, description: 'invalid key' };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const state = new State(options.seed ?? seedFile);
	Object.assign(state.bulkEmail.sender, options.bulkEmail);
	const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 });
	const controls: Simulator['controls'] = [];
	app.addHook('onRoute', ({ method, url }) => {
		if (url.startsWith('/__simulator/'))
			for (const one of [method].flat())
				if (one !== 'HEAD') controls.push({ method: one, path: url });
	});
	const requests: Simulator['requests'] = [];
	const handled: Simulator['handled'] = [];
	const arrivals = new WeakMap<object, number>();
	// Connections of requests the `hang` fault never answers: ended when the simulator is renewed.
	const hanging = new Set<import('node:net').Socket>();
	// Writes the `landsLate` fault holds, each landed by calling it (its route run by a request of the simulator's
	// own, marked by LANDING, which no fault, log or check sees: the request was received and logged already).
	const late = new Set<() => Promise<void>>();
	const landing = new Set<Promise<void>>();
	const lateTimers = heldRequests();
	for (const extra of extrasOf(options.extras ?? [])) state.extras.add(extra);
	Object.assign(state.traits, traitsOf(options.traits ?? {}));
	const faults: Fault[] = [];
	const modes: FaultModes = { ...defaultModes(), ...options.modes };
	const chooser = new ShareChooser(modes);
	const faultLog: FaultEntry[] = [];
	const latency = { ms: options.latency ?? 0 };
	const concurrency = { now: 0, most: 0 };
	const log = (fault: Fault, request: FastifyRequest, by: FaultEntry['by']) =>
		faultLog.push({
			fault: typeof fault === 'object' ? 'errorCode' : (fault as FaultEntry['fault']),
			method: request.method,
			url: request.url,
			by,
		});

	app.decorateRequest('apiKey', null as unknown as ApiKey);
	// The platform answers every failure with HTTP 200; an empty JSON body is treated as {}.
	app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
		const text = String(body).trim();
		if (text === '') return done(null, {});
		try {
			done(null, JSON.parse(text));
		} catch {
			done(null, { __invalid_json: true });
		}
	});

	// Requests still waiting out the latency: a renewed or closed simulator ends them, as it ends a hanging one,
	// so no wait of a test outlives it (a later test's state never sees it, and a test run exits when done).
	const slowed = heldRequests();
	const pending = new WeakMap<FastifyRequest, Fault>();
	const received = new WeakMap<FastifyRequest, Simulator['requests'][number]>();
	app.addHook('onRequest', async (request, reply) => {
		if (request.url.startsWith('/__simulator/') || request.headers[LANDING]) return undefined;
		const entry: ReceivedRequest = {
			method: request.method,
			url: request.url,
			headers: { ...request.headers },
		};
		arrivals.set(entry, clock().now());
		requests.push(entry);
		received.set(request, entry);
		concurrency.most = Math.max(concurrency.most, ++concurrency.now);
		reply.raw.once('close', () => concurrency.now--);
		// Ended while it waited (its socket is gone): nothing more is answered.
		if (latency.ms > 0 && !(await slowed.hold(latency.ms, request.raw.socket)))
			return reply.hijack();
		if (clock().now() < modes.outageUntil) {
			faultLog.push({ fault: 'outage', method: request.method, url: request.url, by: 'outage' });
			return send503(reply);
		}
		const fault = faults.shift();
		if (!fault || fault === 'pass') return undefined;
		log(fault, request, 'queue');
		pending.set(request, fault);
		// Never answers: the client's timeout is what ends the request.
		if (fault === 'hang') {
			hanging.add(request.raw.socket);
			return await new Promise<undefined>(() => {});
		}
		if (serveEarly(fault, request, reply, modes)) return reply;
		if (fault === 'invalidKey') return reply.send(invalidKey(request));
		if (typeof fault === 'object')
			return reply.send({
				success: false,
				error_code: fault.errorCode,
				description: `Injected failure ${fault.errorCode}`,
			});
		return undefined;
	});
	// Once the body is parsed: kept for tests that read what was sent, and checked against the spec.
	app.addHook('preValidation', async (request, reply) => {
		if (request.url.startsWith('/__simulator/') || request.headers[LANDING]) return undefined;
		const entry = received.get(request);
		if (entry && request.body !== undefined) entry.body = request.body;
		// A write that lands after its timeout: no answer; its route runs only after the client has given up.
		if (pending.get(request) === 'landsLate') {
			holdToLand(request, entry);
			return reply.hijack();
		}
		inspect({
			method: request.method,
			url: request.url,
			body: request.body,
			headers: request.headers,
		});
		if (pending.has(request)) return undefined;
		// The lasting modes choose by the whole request, body included, so they act here.
		const chosen = chooser.choose(request.method, request.url, request.body);
		if (!chosen) return undefined;
		log(chosen, request, 'share');
		pending.set(request, chosen);
		return serveEarly(chosen, request, reply, modes) ? reply : undefined;
	});
	app.addHook('preHandler', async (request, reply) => {
		if (request.url.startsWith('/__simulator/')) return undefined;
		if (pending.get(request) === 'http500') {
			// Like a careless error page, it echoes what it failed on: the path (key included) and the body.
			const body = request.body === undefined ? '' : ` with ${JSON.stringify(request.body)}`;
			return reply
				.code(500)
				.type('text/plain')
				.send(`Internal Server Error while handling ${request.url}${body}`);
		}
		const entry = received.get(request);
		if (entry) handled.push(entry);
		return undefined;
	});
	// Faults that replace the route's answer after it ran (and stored what it was sent).
	app.addHook('onSend', async (request, reply, payload) => {
		// A route that refused the request acted on nothing: it is not among those handled.
		const entry = received.get(request);
		if (entry && handled.includes(entry) && refusesIn(payload))
			handled.splice(handled.indexOf(entry), 1);
		const fault = pending.get(request);
		if (
			!fault &&
			typeof payload === 'string' &&
			!refusesIn(payload) &&
			!request.url.startsWith('/__simulator/')
		)
			inspectAnswer(
				{ method: request.method, url: request.url, headers: request.headers },
				payload,
			);
		if (entry) await simulator.afterAnswer?.(entry);
		// The answer is lost on the way: the client cannot tell whether the route ran.
		if (fault === 'resetAfterWrite') request.raw.socket.resetAndDestroy();
		return fault ? replaceLate(fault, reply, payload) : payload;
	});

	/** Holds a `landsLate` write: it lands at landLate(), or by itself a while after its client gave up. */
	const holdToLand = (request: FastifyRequest, entry?: ReceivedRequest) => {
		const land = async () => {
			const landed = send();
			landing.add(landed);
			await landed.finally(() => landing.delete(landed));
		};
		const send = async () => {
			const { port } = app.server.address() as { port: number };
			const answer = await fetch(`http://127.0.0.1:${port}${request.url}`, {
				method: request.method,
				headers: { 'content-type': 'application/json', [LANDING]: '1' },
				...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
			});
			if (entry && !refusesIn(await answer.text())) handled.push(entry);
		};
		late.add(land);
		request.raw.socket.once('close', () => {
			void lateTimers
				.hold(modes.lateLandingMs, request.raw.socket)
				.then(async (ran) => ran && late.delete(land) && (await land()));
		});
	};

	app.register(
		async (keyed) => {
			keyed.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
				const key = state.keys.get((request.params as { apiKey: string }).apiKey);
				// A key the platform does not take: the request is refused, not acted on.
				const refused = () => {
					const at = handled.indexOf(received.get(request)!);
					if (at >= 0) handled.splice(at, 1);
				};
				if (!key || key.disabled) {
					refused();
					return reply.send(invalidKey(request));
				}
				request.apiKey = key;
				// Strict by default: a wrong type where the spec gives one is refused before the route runs.
				const refusal = typeRefusal(request, state.extras);
				if (refusal) {
					refused();
					return reply.send(refusal);
				}
				return undefined;
			});
			shapeAnswers(keyed, state.traits);
			registerCustomerRoutes(keyed, state);
			registerContactRoutes(keyed, state);
			registerCdrRoutes(keyed, state);
			registerServiceRoutes(keyed, state, options.pageSize ?? 20);
			registerBundleRoutes(keyed, state);
			registerCatalogRoutes(keyed, state, options.pageSize ?? 20);
			registerBulkEmailRoutes(keyed, state);
			registerReportRoutes(keyed, state);
			registerCrmRoutes(keyed, state);
			registerQualifyRoutes(keyed);
			registerResetRoute(keyed, state);
		},
		{ prefix: '/:apiKey' },
	);

	let reopen: (() => Promise<void>) | undefined;
	const outage = (ms: number, mode: FaultModes['outageMode'] = '503') => {
		modes.outageMode = mode;
		if (mode === '503') {
			modes.outageUntil = clock().now() + ms;
			return;
		}
		// Refused connections: the port closed for `ms`, then listened on again (same port).
		if (reopen) return;
		const { port, address } = app.server.address() as { port: number; address: string };
		modes.outageUntil = clock().now() + ms;
		app.server.close();
		app.server.closeAllConnections();
		const open = async () => {
			if (reopen !== open) return;
			reopen = undefined;
			await new Promise<void>((resolve) => app.server.listen(port, address, resolve));
		};
		reopen = open;
		// Ends on the package's clock, as the waits that ride it out do.
		void clock().sleep(ms).then(open);
	};

	const stats = new RequestStats(
		requests,
		handled,
		faultLog,
		(entry) => arrivals.get(entry),
		() => clock().now(),
	);
	registerControlRoutes(app, state, {
		faults,
		latency,
		modes,
		faultLog,
		concurrency,
		outage,
		requests,
		stats,
	});
	registerMailPage(app, state);
	// The only endpoints without a key in the path.
	registerAccountRoutes(app, state);

	app.setNotFoundHandler((request, reply) => {
		reply.code(404).send({
			success: false,
			description: `no route for ${request.method} ${request.url.split('?')[0]}`,
		});
	});

	const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
	if (options.outage) outage(options.outage.ms, options.outage.mode);
	const simulator: Simulator = {
		app,
		state,
		url: address.replace('localhost', '127.0.0.1'),
		requests,
		handled,
		arrivedAt: (entry) => arrivals.get(entry),
		faults,
		modes,
		faultLog,
		extras: state.extras,
		traits: state.traits,
		latency,
		concurrency,
		outage,
		stats,
		controls,
		landLate: async () => {
			const held = [...late];
			late.clear();
			await Promise.all([...held.map(async (land) => await land()), ...landing]);
		},
		renew: async () => {
			if (reopen) await reopen();
			// A request a test left hanging (the `hang` fault) ends with the test, as a closed simulator ends it.
			for (const socket of hanging) socket.destroy();
			hanging.clear();
			// A write still held is dropped with the state it would have landed in.
			late.clear();
			lateTimers.endAll();
			slowed.endAll();
			state.renew();
			Object.assign(state.bulkEmail.sender, options.bulkEmail);
			for (const extra of extrasOf(options.extras ?? [])) state.extras.add(extra);
			Object.assign(state.traits, traitsOf(options.traits ?? {}));
			faults.length = 0;
			simulator.afterAnswer = undefined;
			Object.assign(modes, defaultModes(), options.modes);
			chooser.reset();
			faultLog.length = 0;
			requests.length = 0;
			handled.length = 0;
			stats.reset();
			latency.ms = options.latency ?? 0;
			concurrency.most = 0;
			if (options.outage) outage(options.outage.ms, options.outage.mode);
		},
		close: async () => {
			if (reopen) await reopen();
			slowed.endAll();
			lateTimers.endAll();
			await app.close();
		},
	};
	return simulator;
}
