/**
 * At most `limit` tasks at once; the others wait their turn in the order they asked. n8n starts every input
 * item's request of a declarative node at the same moment, so without this a run of 5,000 items puts
 * thousands of requests on the platform together.
 */
export class Limiter {
	private active = 0;

	private readonly waiting: Array<() => void> = [];

	constructor(readonly limit: number) {}

	get idle(): boolean {
		return this.active === 0 && this.waiting.length === 0;
	}

	async run<T>(task: (aside: Aside) => Promise<T>): Promise<T> {
		await this.acquire();
		try {
			return await task(async (wait) => {
				// A task waiting to try again holds no request in flight: its place serves another meanwhile.
				this.release();
				try {
					await wait();
				} finally {
					await this.acquire();
				}
			});
		} finally {
			this.release();
		}
	}

	private async acquire(): Promise<void> {
		if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
		else this.active++;
	}

	private release(): void {
		// The slot passes straight to the next waiting task, so `active` never dips and lets a newcomer jump in.
		const next = this.waiting.shift();
		if (next) next();
		else this.active--;
	}
}

/**
 * Runs a wait (a retry's backoff) outside the limiter, taking a place again afterwards. `asked`: the platform
 * said how long to wait (Retry-After), so the wait must not be cut short.
 */
export type Aside = (wait: () => Promise<void>, hint?: { asked: boolean }) => Promise<void>;

// One limiter per node run, shared by its items (their contexts are separate objects).
const running = new Map<string, Limiter>();

/** Runs `task` under the limiter of the node run `key`, made on first use with `limit` slots. */
export async function limited<T>(
	key: string,
	limit: number,
	task: (aside: Aside) => Promise<T>,
): Promise<T> {
	let limiter = running.get(key);
	if (!limiter) {
		limiter = new Limiter(limit);
		running.set(key, limiter);
	}
	try {
		return await limiter.run(task);
	} finally {
		if (limiter.idle && running.get(key) === limiter) running.delete(key);
	}
}

/** Requests of one node run in flight at once, unless the credential says otherwise. */
export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 50;

/** The credential's setting, within bounds; anything unreadable is the default. */
export function concurrencyOf(value: unknown): number {
	const n = Math.floor(Number(value));
	if (!Number.isFinite(n) || n < 1) return DEFAULT_CONCURRENCY;
	return Math.min(n, MAX_CONCURRENCY);
}
