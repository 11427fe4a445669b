import { endpointOf } from '../conformance/endpoints';
import { SPEC } from '../spec';

/*
 * What each run sent: the simulator's requests counted by the spec's endpoint (`GET /customer/balance/{cid}`),
 * how many the platform acted on, how many of those changed something, and the runs they came in (requests
 * close together, a quiet gap between runs). Read at `GET /__simulator/stats`, printed by the CLI after each run.
 */

/** A request as the simulator keeps it (app.ts `requests`). */
interface Received {
	method: string;
	url: string;
}

/** Counts of one endpoint, or of all. */
export interface Counts {
	/** Requests answered, whatever the answer (a fault, a refusal, an invalid key included). */
	requests: number;
	/** Requests the platform acted on: they reached their route with a valid key and were not refused by it. */
	handled: number;
	/** Requests acted on that change something (a create, an update, a payment, a delete…). */
	writes: number;
}

/** A run: requests with no quiet gap between them. */
export interface Run extends Counts {
	/** When its first and last request arrived (ISO, the simulator's clock). */
	from: string;
	to: string;
}

export interface Stats extends Counts {
	/** When counting began: the simulator's start, or the last `POST /__simulator/stats/reset`. */
	since: string;
	/** Faults the simulator served (a 503, a 429, a reset…) among the requests. */
	faults: number;
	/** By endpoint, `METHOD /path` as the spec writes it without the key; busiest first. */
	byEndpoint: Record<string, Counts>;
	/** The runs since counting began, oldest first (the last 20). */
	runs: Run[];
}

/** The endpoint a request is for, as the spec writes it without the key; its own path when the spec has none. */
export function endpointName({ method, url }: Received): string {
	const endpoint = endpointOf(method, url.split('?')[0]);
	if (!endpoint)
		return `${method} ${url.split('?')[0].replace(/^\/[^/]+(?=\/)/, '/{api_key}')} (not in the spec)`;
	return `${method} ${endpoint.path.replace(/^\/\{api_key\}/, '')}`;
}

/** Whether a request to this endpoint changes something on the platform: the spec source's kind of it. */
export function isWrite(endpoint: string): boolean {
	if (endpoint.endsWith('(not in the spec)')) return false;
	const [method, path] = endpoint.split(' ');
	const named = (form: string) => SPEC.find((e) => e.method === method && e.path === form);
	const found = named(`/{api_key}${path}`) ?? named(path) ?? named(`/{api_key}${path}/{date}`);
	return found?.kind === 'write';
}

const MAX_RUNS = 20;

/** The quiet gap that ends a run, unless the reader says otherwise. */
export const QUIET_MS = 2000;

function zero(): Counts {
	return { requests: 0, handled: 0, writes: 0 };
}

function count(counts: Counts, acted: boolean, write: boolean): void {
	counts.requests++;
	if (acted) counts.handled++;
	if (acted && write) counts.writes++;
}

/** The simulator's counter over its `requests` and `handled` (app.ts), from its start or the last reset. */
export class RequestStats {
	private from = 0;

	private faultsFrom = 0;

	private since: number;

	private readonly names = new WeakMap<Received, string>();

	constructor(
		private readonly requests: Received[],
		private readonly handled: Received[],
		private readonly faultLog: unknown[],
		private readonly arrivedAt: (request: Received) => number | undefined,
		private readonly now: () => number,
	) {
		this.since = now();
	}

	private nameOf(request: Received): string {
		let name = this.names.get(request);
		if (name === undefined) {
			name = endpointName(request);
			this.names.set(request, name);
		}
		return name;
	}

	/** Counting starts again from now. */
	reset(): void {
		this.from = this.requests.length;
		this.faultsFrom = this.faultLog.length;
		this.since = this.now();
	}

	/** Everything counted since the start or the last reset; a run ends after `quietMs` without a request. */
	read(quietMs = QUIET_MS): Stats {
		const acted = new Set(this.handled);
		const total = zero();
		const byEndpoint: Record<string, Counts> = {};
		const runs: Run[] = [];
		let last: number | undefined;
		for (const request of this.requests.slice(this.from)) {
			const name = this.nameOf(request);
			const write = isWrite(name);
			const wasActed = acted.has(request);
			count(total, wasActed, write);
			count((byEndpoint[name] ??= zero()), wasActed, write);
			const at = this.arrivedAt(request) ?? last ?? this.since;
			if (last === undefined || at - last >= quietMs)
				runs.push({ ...zero(), from: iso(at), to: iso(at) });
			const run = runs[runs.length - 1];
			count(run, wasActed, write);
			run.to = iso(at);
			last = at;
		}
		const busiest = Object.entries(byEndpoint).sort(
			([a, x], [b, y]) => y.requests - x.requests || a.localeCompare(b),
		);
		return {
			since: iso(this.since),
			...total,
			faults: this.faultLog.length - this.faultsFrom,
			byEndpoint: Object.fromEntries(busiest),
			runs: runs.slice(-MAX_RUNS),
		};
	}
}

function iso(ms: number): string {
	return new Date(ms).toISOString();
}

/** One line for a run, as the simulator's terminal shows it. */
export function runLine(run: Run, statsUrl: string): string {
	const seconds = (Date.parse(run.to) - Date.parse(run.from)) / 1000;
	return (
		`Simulator: a run of ${run.requests} request${run.requests === 1 ? '' : 's'} over ${seconds.toFixed(1)} s: ` +
		`${run.handled} acted on, ${run.writes} write${run.writes === 1 ? '' : 's'}; by endpoint: GET ${statsUrl}`
	);
}
