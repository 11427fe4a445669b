import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { RecordFailures } from '../output/output';

/** An item the node run had written when it stopped, and the ids its output named. */
export interface Written {
	index: number;
	ids: string[];
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
	if (written.length === 0) return undefined;
	const sorted = [...written].sort((a, b) => a.index - b.index);
	const named = sorted
		.slice(0, NAMED)
		.map(({ index, ids }) => `[item ${index}]${ids.length ? ` (${ids.join(', ')})` : ''}`);
	const more = sorted.length > NAMED ? ` and ${sorted.length - NAMED} more` : '';
	return (
		`Before the node stopped, ${sorted.length} item${sorted.length === 1 ? ' was' : 's were'} already ` +
		`written to the billing platform: ${named.join(', ')}${more}. The node outputs nothing when it stops, ` +
		'so check these on the platform before running it again, or turn on Continue (using error output) ' +
		'to get every item’s outcome.'
	);
}
