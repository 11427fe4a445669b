import type { IDataObject } from 'n8n-workflow';

/**
 * Writes of one node run to the same record, one after another in input order. The items of a run are sent
 * side by side: two items creating the customer with one email would each search, find nothing and each
 * create; two items charging one service's fee would each charge it.
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

/** The turns of one node run. */
export class Turns {
	private readonly tails = new Map<string, Promise<void>>();

	private readonly noted = new Map<string, IDataObject>();

	/**
	 * Takes the item's place on each key, at once: call it in input order. Waiting for a turn holds no limiter
	 * place, so an item waiting on its key never keeps the item ahead of it from being sent.
	 */
	take(keys: string[]): Turn {
		let finish = () => {};
		const mine = new Promise<void>((resolve) => (finish = resolve));
		const unique = [...new Set(keys)];
		const earlier = unique.map((key) => this.tails.get(key) ?? Promise.resolve());
		for (const key of unique) this.tails.set(key, mine);
		let ended = false;
		return {
			ready: Promise.all(earlier).then(() => undefined),
			notes: (key) => {
				let note = this.noted.get(key);
				if (!note) {
					note = {};
					this.noted.set(key, note);
				}
				return note;
			},
			end: () => {
				if (ended) return;
				ended = true;
				finish();
				for (const key of unique) if (this.tails.get(key) === mine) this.tails.delete(key);
			},
		};
	}
}
