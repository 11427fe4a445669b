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
}

/** How many of the newest listed campaigns are remembered (three pages): the memory's bound. */
export const LISTED_KEPT = 60;

/** The stored form: ids as ranges, newest first ("1061-1022,1019"), and the total. */
interface StoredListed {
	ids: string;
	total?: number;
}

const RANGE = /^(\d+)(?:-(\d+))?$/;

/** The memory as stored, checked: anything unreadable is no memory at all (the older rule then applies). */
export function readListed(stored: unknown): ListedMemory | undefined {
	if (stored === null || typeof stored !== 'object') return undefined;
	const { ids, total } = stored as IDataObject;
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
	return { ids: set, total: typeof total === 'number' && total >= 0 ? total : undefined };
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
 * campaigns were added since.
 */
export function nextListed(
	listed: number[],
	before: ListedMemory | undefined,
	total: number | undefined,
): StoredListed {
	const kept = [...new Set(listed)].slice(0, LISTED_KEPT);
	const reached = new Set(listed);
	const older = [...(before?.ids ?? [])].filter((id) => !reached.has(id)).sort((a, b) => b - a);
	const ids = [...kept, ...older].slice(0, LISTED_KEPT);
	return { ids: asRanges(ids), ...(total !== undefined && { total }) };
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

/**
 * The stop rule of a poll's walk down the campaign list (newest first): read on while the pages hold nothing
 * already listed (new campaigns above everything remembered), while the department has more campaigns than the
 * unseen ones found (one listed late sits further down), and once more when a page ends in an unseen campaign
 * (a remembered one below it tells whether it is new). Once below everything remembered, stop.
 */
export function walkStop(memory: ListedMemory | undefined, maxCampaignId: number) {
	const seen = seenBy(memory, maxCampaignId);
	let unseen = 0;
	let grown: number | undefined;
	let metSeen = false;
	let extra = false;
	return (body: IDataObject, rows: IDataObject[]): boolean => {
		if (grown === undefined) {
			const total = Number(body.total);
			grown = memory?.total !== undefined && Number.isFinite(total) ? total - memory.total : 0;
		}
		const ids = rows.map((row) => Number(row.id));
		const anySeen = ids.some(seen);
		unseen += ids.filter((id) => !seen(id)).length;
		if (!anySeen && !metSeen) return false;
		metSeen = true;
		if (unseen < grown) return false;
		if (anySeen && !seen(ids[ids.length - 1]) && !extra) {
			extra = true;
			return false;
		}
		return true;
	};
}
