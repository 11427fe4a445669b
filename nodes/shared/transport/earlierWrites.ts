import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

/*
 * What earlier tries of this node run wrote, by what each write meant. n8n runs a node again, whole, with the same
 * input after it fails (Retry On Fail; under Continue, when its first output item is an error), and a failed
 * execution retried from the executions list runs the failed node again the same way, with the workflow as saved
 * then ("retry with the currently saved workflow": a node fixed since runs fixed). Nothing of the earlier try
 * reaches the node but its context: n8n keeps the node's context in the execution's data, the same object across
 * Retry On Fail's tries, and copies it into the retried execution.
 *
 * A write is remembered by what it stands for: this node as saved (its parameters, never the credential, whose key
 * a department may rotate before the retry), this input item (its place: a retry runs the node again with the same
 * input), and its place among the item's writes (the n-th write the item makes). A retry whose item makes that
 * write again is given that write's answer instead of sending it, and everything after the answer (read-backs,
 * output, a rule that charges a service once per run) runs as for a sent one. What it sends may differ (a sale
 * dated {{ $now }}, a campaign's audience listed again): it is the same write. Where it goes may not: a write that
 * now goes elsewhere (another customer's path) is not sent, and says so. A node edited since (the Customer mapped
 * to another column) is another node, and sends. What is kept is digests and answers: the values are the
 * execution's own input, which n8n keeps in the same execution data, so nothing is disclosed that the data does not
 * hold.
 */

/** How one remembered write ended: answered (its answer), or its answer lost (it may or may not have landed). */
export type EarlierWrite = { to: string } & (
	| { answer: unknown }
	| { landsBy: number; message: string }
);

/** One write of this try, at its place among its item's writes. */
export interface WriteSlot {
	/** How an earlier try's same write ended, if one made it. */
	earlier?: EarlierWrite;
	/** Where this write goes (method and path, as the earlier write's `to`). */
	to: string;
	answered(answer: unknown): void;
	/** Its answer was lost: `landsBy` (the package's clock) is when it has landed if it ever will. */
	lost(message: string, landsBy: number): void;
}

// The node context's key, by run of the node in the execution (a loop runs it again with other input): a try
// of Retry On Fail and a retried execution run it under the same run index as the try that failed.
function keyOf(context: IExecuteFunctions): string {
	const runIndex = (context as IExecuteFunctions & { runIndex?: unknown }).runIndex;
	return `telcoBillingEarlierWrites:${typeof runIndex === 'number' ? runIndex : 0}`;
}

/** JSON with object keys sorted, so the same value reads the same whatever order it was built in. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical((value as IDataObject)[key])}`)
			.join(',')}}`;
	return JSON.stringify(value ?? null);
}

function digest(value: unknown): string {
	return createHash('sha256').update(canonical(value)).digest('base64url').slice(0, 24);
}

/** Where a request goes: its method, the platform (Base URL) and the path, never the key. */
export function destination(request: IHttpRequestOptions, baseUrl: unknown): string {
	const base = String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	return digest([request.method ?? 'GET', base, request.url]);
}

/** The writes of one node run's tries, kept in the node's context while n8n may run it again. */
export class EarlierWrites {
	/** How many writes this try has made for each item so far. */
	private readonly made = new Map<number, number>();

	/** The node as saved: an edit between tries makes it another node. */
	private readonly node: string;

	/** Writes this try was given from an earlier try's answers instead of sending them. */
	replayed = 0;

	private constructor(private readonly context: IExecuteFunctions) {
		this.node = digest(context.getNode().parameters);
	}

	static of(context: IExecuteFunctions): EarlierWrites {
		return new EarlierWrites(context);
	}

	/** The remembered writes, by node and item: each list in the order the item made them. */
	private writes(create: boolean): Record<string, EarlierWrite[]> | undefined {
		const store = this.context.getContext('node') as IDataObject;
		const key = keyOf(this.context);
		if (create) store[key] ??= {};
		return store[key] as Record<string, EarlierWrite[]> | undefined;
	}

	/** This try's n-th write of item `index`, and what an earlier try's n-th write of that item came to. */
	slot(index: number, request: IHttpRequestOptions, baseUrl: unknown): WriteSlot {
		const place = this.made.get(index) ?? 0;
		this.made.set(index, place + 1);
		// `w`, then base64url characters: never a name objects inherit. The item by its place: a retry's input is
		// the input the failed try had (n8n runs the node again with it, whole), so the place is the item.
		const item = `w${this.node}.${index}`;
		const to = destination(request, baseUrl);
		const earlier = this.writes(false)?.[item]?.[place];
		const keep = (write: EarlierWrite) => {
			const writes = this.writes(true)!;
			const list = Object.prototype.hasOwnProperty.call(writes, item) ? writes[item] : [];
			list[place] = write;
			writes[item] = list;
		};
		return {
			earlier,
			to,
			answered: (answer) => keep({ to, answer: answer ?? null }),
			lost: (message, landsBy) => keep({ to, landsBy, message }),
		};
	}

	/**
	 * Once the run has ended: kept only while n8n may run the node again with this input (it threw, or under
	 * Retry On Fail its first item is an error), so a finished run leaves nothing in the execution's data.
	 */
	settle(output: Array<{ json?: IDataObject }> | undefined): void {
		const again =
			output === undefined ||
			(this.context.getNode().retryOnFail === true && output[0]?.json?.error !== undefined);
		if (!again) delete (this.context.getContext('node') as IDataObject)[keyOf(this.context)];
	}
}
