/**
 * At most `limit` tasks at once; the others wait their turn in the order they asked. A node run's items are
 * sent side by side, and a shared platform answers a burst of thousands with throttling or an outage.
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

/** Requests of one node run in flight at once, unless the credential says otherwise. */
export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 50;

/** The credential's setting, within bounds; anything unreadable is the default. */
export function concurrencyOf(value: unknown): number {
	const n = Math.floor(Number(value));
	if (!Number.isFinite(n) || n < 1) return DEFAULT_CONCURRENCY;
	return Math.min(n, MAX_CONCURRENCY);
}
