import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';
import type { RecordOutcome } from './output';
import { RecordFailures } from './output';
import { PlatformRequestError, RefusedAnswer, transportFailure } from '../platform/failure';
import { redact } from '../platform/redact';

/**
 * Turns anything thrown while calling the platform into an error safe to show and store:
 * built afresh from the message alone, so no request URL, header or cause travels with it.
 */
export function toSafeError(
	node: INode,
	error: unknown,
	itemIndex: number,
	secrets: string[],
	subject?: string,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeOperationError) {
		error.message = redact(error.message, secrets);
		return error;
	}
	if (error instanceof PlatformRequestError || error instanceof RefusedAnswer) {
		const failure = { ...error.failure, message: redact(error.failure.message, secrets) };
		if (subject) failure.subject = redact(subject, secrets);
		return new PlatformRequestError(node, failure, itemIndex);
	}
	if (error instanceof NodeApiError && typeof error.context.platformMessage === 'string') {
		error.message = redact(error.message, secrets);
		return error;
	}
	const failure = transportFailure((error ?? {}) as IDataObject);
	return new PlatformRequestError(
		node,
		{ ...failure, message: redact(failure.message, secrets) },
		itemIndex,
	);
}

/**
 * The output item Continue On Fail gives: the platform's words and code, paired to the input item.
 * The engine rewrites the json of any item carrying `error` to `{ error: message }`, which would drop
 * error_code; so the error object rides along only where the node routes failures to its error output.
 */
export function errorItem(
	error: NodeApiError | NodeOperationError,
	itemIndex: number,
	toErrorOutput: boolean,
): INodeExecutionData {
	const platformMessage = error.context?.platformMessage;
	const json: IDataObject = {
		error: typeof platformMessage === 'string' ? platformMessage : error.message,
	};
	const code = error.context?.errorCode;
	if (typeof code === 'string') json.error_code = code;
	const status = error.context?.httpStatus;
	if (typeof status === 'string') json.httpCode = status;
	// A held record that an earlier try whose answer was lost may have stored: said in the item too.
	if (error.context?.maybeStoredByEarlierTry === true) json.maybeStoredByEarlierTry = true;
	// What had already happened (an update saved before its read-back failed): a row retried as failed would
	// repeat it.
	if (error instanceof PlatformRequestError && error.failure.preface)
		json.note = error.failure.preface;
	return toErrorOutput
		? { json, error, pairedItem: { item: itemIndex } }
		: { json, pairedItem: { item: itemIndex } };
}

/**
 * With Continue On Fail: the records of an array answer that succeeded as items, each failed one as
 * an error item, all paired to the input item.
 */
export function recordItems(
	node: INode,
	error: RecordFailures,
	itemIndex: number,
	secrets: string[],
	toErrorOutput: boolean,
): INodeExecutionData[] {
	return error.outcomes.map(({ json, failure, note }: RecordOutcome) => {
		if (!failure) return { json, pairedItem: { item: itemIndex } };
		const refused = new PlatformRequestError(
			node,
			{ ...failure, message: redact(failure.message, secrets), kind: 'refused' },
			itemIndex,
		);
		// What else happened to the record (a sale recorded although its payment failed): a workflow that
		// retries failed rows must not invoice it again. On the error output n8n keeps only the error's message
		// of an item, so the note is said there too.
		if (note && toErrorOutput) refused.message = withNote(refused.message, note);
		const item = errorItem(refused, itemIndex, toErrorOutput);
		Object.assign(item.json, RecordFailures.identifiersOf(json));
		if (note) item.json.note = note;
		return item;
	});
}

/** An error's message with what else happened to its record, where n8n keeps nothing else of the item. */
export function withNote(message: string, note: string): string {
	return `${message} (${note})`;
}
