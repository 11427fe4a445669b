/*
 * Turns shared by every execution of this n8n process. n8n loads a node's code once per process and runs every
 * execution of every workflow in it (regular mode, n8n's default; in queue mode each worker is a process of its
 * own, and this reaches no further than the worker). Two executions of one sync at once (a manual run during the
 * nightly one, a schedule firing while the last run still runs) each search before either creates: work done
 * under one key waits for the work before it on that key, in whichever execution it runs.
 */

const tails = new Map<string, Promise<void>>();

/** Runs `work` once every earlier work on `key` in this process has ended; the key is freed when none waits. */
export async function inProcessTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
	const earlier = tails.get(key) ?? Promise.resolve();
	let done = () => {};
	const mine = new Promise<void>((resolve) => (done = resolve));
	tails.set(key, mine);
	try {
		await earlier;
		return await work();
	} finally {
		done();
		if (tails.get(key) === mine) tails.delete(key);
	}
}
