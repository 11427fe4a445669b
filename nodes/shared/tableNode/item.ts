import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import type { CustomerIdentity } from '../operation/customerRef';
import type { ItemOf, Notes, Operation } from '../operation/operations';
import type { Aside } from '../transport/limiter';
import type { RequestSettings } from '../transport/transport';
import type { Turn } from '../transport/turns';

/** One input item on its way: its input as read and checked, and what the run learned of it. */
export interface Item extends ItemOf {
	op: Operation;
	/** Values made once for the node run and shared by its items (Request.once). */
	once: <T>(key: string, make: () => Promise<T>, aside?: Aside) => Promise<T>;
	settings: RequestSettings;
	/** Why the input was refused: nothing is sent for this item. */
	refusal?: unknown;
	/** What the operation's extra requests made before the main one found (e.g. the counted audience). */
	before?: IDataObject;
	/** The item's place among the node run's items writing the same records. */
	turn?: Turn;
	/** The item's customers, by reference: each resolved once, and used by its every path, body and request. */
	customers: Map<string, CustomerIdentity>;
	/** A Dry Run: everything decided as in a real run, no write sent. */
	preview?: boolean;
}

export function notesOf(item: Item): Notes {
	return { item: item.index, about: item.turn?.notes ?? (() => ({})) };
}

/** An item's request, built once (tableNode/requestPath.ts), and the path of any page of it (a paged listing). */
export interface BuiltRequest {
	request: IHttpRequestOptions;
	pathOfPage: (page: number) => string;
}

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
