import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import type { Operation, OutputContext } from '../operation/operations';
import { checkShown, toRecords } from '../output/output';
import { shapeFor, shapeRecord } from '../output/simplify';
import { PlatformRequestError } from '../platform/failure';
import { CREDENTIAL_TYPE } from '../transport/transport';
import { notesOf } from './item';
import type { Item } from './item';
import { senderFor } from './itemRequests';
import { outputChoiceOf } from './outputChoice';

/** How many records a listing outputs: all with Return All, else its Limit. */
export function limitOf({ op, input }: Item): number | undefined {
	if (!op.list || input.param('returnAll', false)) return undefined;
	// Checked (checkInput): a whole number, given as a number or as its digits.
	return Number(input.param('limit', 50));
}

/** Records as the item's output: within its limit, shaped as Simplify or Output asks, each paired to the item. */
export function itemsOf(item: Item, records: IDataObject[]): INodeExecutionData[] {
	const { op, input, index } = item;
	const limit = limitOf(item);
	let out = limit === undefined ? records : records.slice(0, limit);
	const shape = shapeFor(op.output?.simplify, (name) => input.param(name, ''));
	if (shape) {
		const choice = outputChoiceOf(input);
		out = out.map((record) => shapeRecord(record, shape, choice));
	}
	const placeholder = out.length === 0 ? op.whenEmpty?.(input) : undefined;
	if (placeholder) out = [placeholder];
	return out.map((json) => ({ json, pairedItem: { item: index } }));
}

/** The credential the operation's answer may be compared with: the run's, or another the node holds. */
function credentialOf(item: Item) {
	return async (type: string) =>
		type === (item.op.credential ?? CREDENTIAL_TYPE) && item.settings.credentialData?.data
			? item.settings.credentialData.data
			: await item.context.getCredentials(type, item.index);
}

/**
 * An operation whose refusals are answers (a portal login that does not work): the item instead of the
 * failure, for a refusal in an HTTP 200 without error_code. Transport and HTTP failures still fail.
 */
async function answerInstead(
	op: Operation,
	error: unknown,
	context: OutputContext,
): Promise<IDataObject | undefined> {
	if (!op.refusalAsAnswer || !(error instanceof PlatformRequestError)) return undefined;
	const { failure } = error;
	if (failure.kind !== 'refused' || failure.errorCode) return undefined;
	return await op.refusalAsAnswer(failure, context);
}

/**
 * The answer as items: shaped by the operation (outputOf may make further requests), one item per record.
 * A refusal the operation reads as an answer (refusalAsAnswer) becomes its item instead of a failure.
 */
export async function outputItems(
	item: Item,
	answer: () => Promise<unknown>,
): Promise<INodeExecutionData[]> {
	const { op } = item;
	const output: OutputContext = {
		input: item.input,
		before: item.before,
		credential: credentialOf(item),
		request: senderFor(item),
		notes: notesOf(item),
	};
	const read = async () => {
		const body = await answer();
		checkShown(body, op.output?.shows);
		const shaped = op.outputOf ? await op.outputOf(body, output) : body;
		return itemsOf(item, toRecords(shaped, op.output));
	};
	return await read().catch(async (error: unknown) => {
		const instead = await answerInstead(op, error, output).catch(() => undefined);
		if (!instead) throw error;
		return itemsOf(item, [instead]);
	});
}
