import { createHash } from 'crypto';
import type { IDataObject, IExecuteFunctions, IHttpRequestOptions } from 'n8n-workflow';

/*
 * What earlier tries of this node run wrote, by the request each write was. n8n runs a node again, whole, with
 * the same input after it fails (Retry On Fail; under Continue, when its first output item is an error), and a
 * failed execution retried from the executions list runs the failed node again the same way, with the workflow
 * as saved then ("retry with the currently saved workflow": a node fixed since runs fixed). Nothing of the
 * earlier try reaches the node but its context: n8n keeps the node's context in the execution's data, the same
 * object across Retry On Fail's tries, and copies it into the retried execution.
 *
 * A write is remembered by what it means: where it went (the Base URL and path, never the key, which a
 * department may rotate before the retry) and what it sent (query and body). A retry that makes the same request
 * is given that request's answer instead of sending it again, and everything after the answer (read-backs,
 * output, a rule that charges a service once per run) runs as for a sent one. A request the retry makes that no
 * earlier try made (the node fixed, the input mapped to another customer) is sent. The same request made twice
 * in a run (two equal payments) is two writes: the n-th time a try makes it, it is given the n-th earlier
 * answer. What is kept is a digest of the request: its values are the execution's own input, which n8n keeps in
 * the same execution data, so the digest discloses nothing the data does not.
 */

/** How one remembered write ended: answered (its answer), or its answer lost (it may or may not have landed). */
export type EarlierWrite = { answer: unknown } | { landsBy: number; message: string };

/** One write of this try, at its place among the run's writes of the same request. */
export interface WriteSlot {
	/** How an earlier try's same write ended, if one made it. */
	earlier?: EarlierWrite;
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

/** JSON with object keys sorted, so the same request reads the same whatever order its body was built in. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object')
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical((value as IDataObject)[key])}`)
			.join(',')}}`;
	return JSON.stringify(value ?? null);
}

/** Where a request goes and what it sends, as one short text: the key is in neither. */
export function writeDigest(request: IHttpRequestOptions, baseUrl: unknown): string {
	const base = String(baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	const text = canonical([
		request.method ?? 'GET',
		base,
		request.url,
		request.qs ?? {},
		request.body,
	]);
	return `w${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
}

/** The writes of one node run's tries, kept in the node's context while n8n may run it again. */
export class EarlierWrites {
	/** How many times this try has made each request so far. */
	private readonly made = new Map<string, number>();

	/** Writes this try was given from an earlier try's answers instead of sending them. */
	replayed = 0;

	private constructor(private readonly context: IExecuteFunctions) {}

	static of(context: IExecuteFunctions): EarlierWrites {
		return new EarlierWrites(context);
	}

	/** The remembered writes, by request digest: each list in the order earlier tries made them. */
	private writes(create: boolean): Record<string, EarlierWrite[]> | undefined {
		const store = this.context.getContext('node') as IDataObject;
		const key = keyOf(this.context);
		if (create) store[key] ??= {};
		return store[key] as Record<string, EarlierWrite[]> | undefined;
	}

	/** This try's n-th making of the request, and what an earlier try's n-th making of it came to. */
	slot(request: IHttpRequestOptions, baseUrl: unknown): WriteSlot {
		const digest = writeDigest(request, baseUrl);
		const place = this.made.get(digest) ?? 0;
		this.made.set(digest, place + 1);
		const earlier = this.writes(false)?.[digest]?.[place];
		const keep = (write: EarlierWrite) => {
			const writes = this.writes(true)!;
			// A digest is `w` and base64url characters: never a name objects inherit.
			const list = Object.prototype.hasOwnProperty.call(writes, digest) ? writes[digest] : [];
			list[place] = write;
			writes[digest] = list;
		};
		return {
			earlier,
			answered: (answer) => keep({ answer: answer ?? null }),
			lost: (message, landsBy) => keep({ landsBy, message }),
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
