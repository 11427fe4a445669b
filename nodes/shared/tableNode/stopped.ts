import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { RecordFailures } from '../output/output';

/** An item the node run had written when it stopped, and the ids its output named. */
export interface Written {
	index: number;
	ids: string[];
	/** Its answer was lost: the platform may or may not have carried it out. */
	maybe?: boolean;
}

// At most this many written items are named; the rest are counted.
const NAMED = 20;

/** The ids a written item's output names (cid 1042, id 17…), for a user to find the record again. */
export function writtenOf(index: number, items: INodeExecutionData[]): Written {
	const ids = items.flatMap((item) =>
		Object.entries(RecordFailures.identifiersOf((item.json ?? {}) as IDataObject)).map(
			([key, value]) => `${key} ${String(value)}`,
		),
	);
	return { index, ids: [...new Set(ids)] };
}

/**
 * What a stop says of the writes already made: a stopped node outputs nothing, so without it the records
 * written before the failure (and their ids) would be nowhere to be seen.
 */
export function stoppedDescription(written: Written[]): string | undefined {
	const named = (list: Written[]) =>
		list
			.slice(0, NAMED)
			.map(({ index, ids }) => `[item ${index}]${ids.length ? ` (${ids.join(', ')})` : ''}`)
			.join(', ') + (list.length > NAMED ? ` and ${list.length - NAMED} more` : '');
	const sorted = [...written].sort((a, b) => a.index - b.index);
	const sure = sorted.filter((item) => !item.maybe);
	const maybe = sorted.filter((item) => item.maybe);
	if (sure.length === 0 && maybe.length === 0) return undefined;
	const parts = [
		sure.length
			? `Before the node stopped, ${sure.length} item${sure.length === 1 ? ' was' : 's were'} already ` +
				`written to the billing platform: ${named(sure)}.`
			: '',
		maybe.length
			? `${maybe.length === 1 ? 'This item' : 'These items'} may have been written, their answers lost: ` +
				`${named(maybe)}.`
			: '',
	].filter(Boolean);
	return (
		`${parts.join(' ')} The node outputs nothing when it stops, so check these on the platform before ` +
		'running it again, or turn on Continue (using error output) to get every item’s outcome.'
	);
}
