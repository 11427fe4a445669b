import { createHmac } from 'crypto';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * What an earlier try of this node run did with one input item's writes. n8n runs a node again, whole, with
 * the same input, after it fails (Retry On Fail; under Continue, when its first output item is an error), and
 * a failed execution retried from the executions list runs the failed node again the same way. Nothing of
 * the earlier try reaches the node but its context: n8n keeps the node's context in the execution's data, the
 * same object across Retry On Fail's tries, and copied into the retried execution.
 */
export type Tried =
	/**
	 * Its writes were answered: the items it output (`failed`: which of them were error items, the per-record
	 * refusals of an answer partly carried out), given again instead of writing again.
	 */
	| { state: 'done'; input: string; json: IDataObject[]; failed?: number[] }
	/** A write's answer was lost: the platform may or may not have carried it out. */
	| { state: 'lost'; input: string; message: string }
	/** A write was carried out, then the item failed (a read-back after an update). */
	| { state: 'written'; input: string; message: string };

// The node context's key, by run of the node in the execution (a loop runs it again with other input): a try
// of Retry On Fail and a retried execution run it under the same run index as the try that failed.
function keyOf(context: IExecuteFunctions): string {
	const runIndex = (context as IExecuteFunctions & { runIndex?: unknown }).runIndex;
	return `telcoBillingEarlierTries:${typeof runIndex === 'number' ? runIndex : 0}`;
}

/**
 * The items an earlier try of this node run wrote, by input item. An input item is recognised by a keyed hash
 * of its JSON (keyed with the credential's API key, so the execution data holds nothing an input value could be
 * read back from): a retry's input is the same items, and a different item at the same place is a new one.
 */
export class EarlierTries {
	private readonly tried: Record<string, Tried>;

	private readonly inputs: INodeExecutionData[];

	private constructor(
		private readonly context: IExecuteFunctions,
		private readonly key: string,
	) {
		const store = context.getContext('node') as IDataObject;
		store[keyOf(context)] ??= {};
		this.tried = store[keyOf(context)] as Record<string, Tried>;
		this.inputs = context.getInputData();
	}

	static of(context: IExecuteFunctions, key: unknown): EarlierTries {
		return new EarlierTries(context, typeof key === 'string' ? key : '');
	}

	private fingerprint(index: number): string {
		const json = JSON.stringify(this.inputs[index]?.json ?? {});
		return createHmac('sha256', this.key).update(json).digest('base64url').slice(0, 22);
	}

	/** What an earlier try did with this item, if the item is the one it tried. */
	find(index: number): Tried | undefined {
		const tried = this.tried[String(index)];
		return tried && tried.input === this.fingerprint(index) ? tried : undefined;
	}

	// An item is fingerprinted only when its record is kept for a next try (settle): a run that ends well,
	// as most do, pays nothing for it.

	get count(): number {
		return Object.keys(this.tried).length;
	}

	done(index: number, items: INodeExecutionData[]): void {
		const json = items.map((item) => item.json);
		const failed = items.flatMap((item, at) => (item.error ? [at] : []));
		this.tried[String(index)] = {
			state: 'done',
			input: '',
			json,
			...(failed.length && { failed }),
		};
	}

	failed(index: number, state: 'lost' | 'written', message: string): void {
		this.tried[String(index)] = { state, input: '', message };
	}

	/**
	 * Once the run has ended: kept only while n8n may run the node again with this input (it threw, or under
	 * Retry On Fail its first item is an error), so a finished run leaves nothing in the execution's data.
	 */
	settle(output: INodeExecutionData[] | undefined): void {
		const again =
			output === undefined ||
			(this.context.getNode().retryOnFail === true && output[0]?.json?.error !== undefined);
		if (!again) delete (this.context.getContext('node') as IDataObject)[keyOf(this.context)];
		else
			for (const [index, tried] of Object.entries(this.tried))
				if (tried.input === '') tried.input = this.fingerprint(Number(index));
	}
}
