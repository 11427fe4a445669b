import type { IDataObject } from 'n8n-workflow';

/**
 * Writes of one node run to the same record, one after another in input order. n8n starts every input
 * item of a declarative node at once: two items creating the customer with one email would each search,
 * find nothing and each create; two items charging one service's fee would each charge it.
 */
export interface Turn {
	/** Resolves when every earlier item holding one of these keys has ended its turn. */
	ready: Promise<void>;
	/**
	 * What earlier items of this node run noted under a key (the customer they created, the fee they
	 * charged), to be read and written by the item whose turn it is: turns on one key never overlap.
	 */
	notes: (key: string) => IDataObject;
	/** Ends the turn; call it once, whatever happened. */
	end: () => void;
}

interface Run {
	tails: Map<string, Promise<void>>;
	notes: Map<string, IDataObject>;
	open: number;
}

// One per node run, like the limiter; gone when its last turn ends.
const runs = new Map<string, Run>();

/**
 * Takes the item's place on each key, at once (call it in input order: RoutingNode prepares the items
 * one after another before any is sent). Waiting for a turn holds no limiter place, so an item waiting
 * on its key never keeps the item ahead of it from being sent.
 */
export function takeTurn(runKey: string, keys: string[]): Turn {
	let run = runs.get(runKey);
	if (!run) {
		run = { tails: new Map(), notes: new Map(), open: 0 };
		runs.set(runKey, run);
	}
	const own = run;
	own.open++;
	let finish = () => {};
	const mine = new Promise<void>((resolve) => (finish = resolve));
	const unique = [...new Set(keys)];
	const earlier = unique.map((key) => own.tails.get(key) ?? Promise.resolve());
	for (const key of unique) own.tails.set(key, mine);
	let ended = false;
	return {
		ready: Promise.all(earlier).then(() => undefined),
		notes: (key) => {
			let note = own.notes.get(key);
			if (!note) {
				note = {};
				own.notes.set(key, note);
			}
			return note;
		},
		end: () => {
			if (ended) return;
			ended = true;
			finish();
			for (const key of unique) if (own.tails.get(key) === mine) own.tails.delete(key);
			if (--own.open === 0 && runs.get(runKey) === own) runs.delete(runKey);
		},
	};
}
