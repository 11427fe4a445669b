import type { IDataObject } from 'n8n-workflow';

/**
 * What the trigger remembers of the campaign list, so that a campaign is new because it was never listed, not
 * because its id is above the highest seen (the spec promises no order in which ids appear): the ids of the
 * newest campaigns it has listed, and how many campaigns the department had then. Kept beside the state, in
 * the node's static data under `listed`, so the state keeps the shape older versions of the package read.
 */
export interface ListedMemory {
	ids: Set<number>;
	/** The list's `total` when last read; undefined when the platform gave none. */
	total?: number;
	/** When a poll last read down past every campaign remembered (ms); undefined: never (a state before it). */
	audited?: number;
}

/** How many of the newest listed campaigns are remembered (three pages): the memory's bound. */
export const LISTED_KEPT = 60;

/** The stored form: ids as ranges, newest first ("1061-1022,1019"), the total, and when last audited. */
interface StoredListed {
	ids: string;
	total?: number;
	audited?: number;
}

const RANGE = /^(\d+)(?:-(\d+))?$/;

/** The memory as stored, checked: anything unreadable is no memory at all (the older rule then applies). */
export function readListed(stored: unknown): ListedMemory | undefined {
	if (stored === null || typeof stored !== 'object') return undefined;
	const { ids, total, audited } = stored as IDataObject;
	if (typeof ids !== 'string') return undefined;
	const set = new Set<number>();
	for (const part of ids ? ids.split(',') : []) {
		const match = RANGE.exec(part);
		if (!match) return undefined;
		const [high, low] = [Number(match[1]), Number(match[2] ?? match[1])];
		if (!Number.isSafeInteger(high) || low > high || high - low >= LISTED_KEPT) return undefined;
		for (let id = high; id >= low; id--) set.add(id);
	}
	if (set.size > LISTED_KEPT) return undefined;
	return {
		ids: set,
		total: typeof total === 'number' && total >= 0 ? total : undefined,
		audited: typeof audited === 'number' && Number.isFinite(audited) ? audited : undefined,
	};
}

function asRanges(ids: number[]): string {
	const sorted = [...ids].sort((a, b) => b - a);
	const parts: string[] = [];
	for (let i = 0; i < sorted.length; ) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] - 1) j++;
		parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
		i = j + 1;
	}
	return parts.join(',');
}

/**
 * The memory after a poll: the campaigns this poll listed, newest first, then those remembered before that it
 * did not reach; the newest LISTED_KEPT of them. The total is the list's own, so the next poll knows how many
 * campaigns were added since; `audited` the time of the last poll that read down past every one remembered.
 */
export function nextListed(
	listed: number[],
	before: ListedMemory | undefined,
	total: number | undefined,
	audited: number | undefined,
): StoredListed {
	const kept = [...new Set(listed)].slice(0, LISTED_KEPT);
	const reached = new Set(listed);
	const older = [...(before?.ids ?? [])].filter((id) => !reached.has(id)).sort((a, b) => b - a);
	const ids = [...kept, ...older].slice(0, LISTED_KEPT);
	return {
		ids: asRanges(ids),
		...(total !== undefined && { total }),
		...(audited !== undefined && { audited }),
	};
}

/** Whether the trigger had listed this campaign: by its memory, or (a state from before it) by the highest id. */
export function seenBy(memory: ListedMemory | undefined, maxCampaignId: number) {
	return (id: number) => (memory ? memory.ids.has(id) : id <= maxCampaignId);
}

/**
 * The campaigns a poll listed (in the list's order, newest first) that are new: never listed before, and
 * newer than a campaign remembered (one listed after them) or the memory holds every campaign there was.
 * A campaign listed only below everything remembered is older than the LISTED_KEPT newest ones the trigger
 * saw: it was listed before, beyond what is kept.
 */
export function freshIds(
	listed: number[],
	memory: ListedMemory | undefined,
	maxCampaignId: number,
): Set<number> {
	const seen = seenBy(memory, maxCampaignId);
	if (!memory) return new Set(listed.filter((id) => !seen(id)));
	const whole = memory.ids.size < LISTED_KEPT;
	const fresh = new Set<number>();
	let rememberedBelow = false;
	for (let i = listed.length - 1; i >= 0; i--) {
		const id = listed[i];
		if (seen(id)) rememberedBelow = true;
		else if (rememberedBelow || whole) fresh.add(id);
	}
	return fresh;
}

/** How often a poll reads the list down past every campaign remembered (walkThrough), whatever the count says. */
export const AUDIT_EVERY_MS = 3_600_000;

/** What a poll's walk down the campaign list has seen so far, and whether it must read on. */
export interface ListWalk {
	/** Takes in a page read (its answer and records). */
	read(body: IDataObject, rows: IDataObject[]): void;
	/**
	 * Whether a page below those read may hold a new campaign, given `left`: the remembered campaigns known to
	 * have left the list since the last poll (campaigns in flight that now answer `not_found`).
	 */
	more(left: number): boolean;
}

/**
 * The stop rule of a poll's walk down the campaign list (newest first). Read on while the pages hold nothing
 * already listed (new campaigns above everything remembered); while the campaigns unaccounted for, the list's
 * `total` now minus then plus those known to have left, outnumber the unseen ones found (one listed late sits
 * further down: a campaign that left would otherwise cancel it out); and once more when a page ends in an unseen
 * campaign (a remembered one below it tells whether it is new). A campaign that left without the poll knowing
 * (one finished, deleted below the pages read) can still hide one listed late there: `throughMemory` (at least
 * every AUDIT_EVERY_MS) reads on until past every campaign remembered, or to the end when the memory holds every
 * campaign there was.
 */
export function listWalk(
	memory: ListedMemory | undefined,
	maxCampaignId: number,
	throughMemory: boolean,
): ListWalk {
	const seen = seenBy(memory, maxCampaignId);
	const whole = memory !== undefined && memory.ids.size < LISTED_KEPT;
	const lowest = memory?.ids.size ? Math.min(...memory.ids) : Number.NEGATIVE_INFINITY;
	let grown: number | undefined;
	let unseen = 0;
	let found = 0;
	let metSeen = false;
	let past = false;
	let extraUsed = false;
	let extra = false;
	return {
		read(body, rows) {
			if (grown === undefined) {
				const total = Number(body.total);
				grown = memory?.total !== undefined && Number.isFinite(total) ? total - memory.total : 0;
			}
			const ids = rows.map((row) => Number(row.id));
			const anySeen = ids.some(seen);
			unseen += ids.filter((id) => !seen(id)).length;
			found += ids.filter(seen).length;
			metSeen ||= anySeen;
			// Past every campaign remembered: all of them read, or one older than all of them listed (the memory
			// is kept by id, newest first, as the list is).
			past ||=
				memory !== undefined &&
				!whole &&
				(found >= memory.ids.size || ids.some((id) => id < lowest));
			extra = anySeen && !seen(ids[ids.length - 1]) && !extraUsed;
			extraUsed ||= extra;
		},
		more(left) {
			if (throughMemory && memory) return !past;
			if (!metSeen) return true;
			return unseen < (grown ?? 0) + left || extra;
		},
	};
}
