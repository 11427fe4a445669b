import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { operationError } from '../errors/made';
import { fillPath } from '../input/path';
import { isRepeatable } from '../operation/operations';
import { checkShown, toRecords } from '../output/output';
import { platformRequest } from '../transport/transport';
import { notesOf } from './item';
import type { BuiltRequest, Item } from './item';
import { itemsOf, outputItems } from './itemOutput';
import { customerPathRef, previewOf, senderFor, withCustomerIds } from './itemRequests';
import { readPages } from './paging';

/**
 * The request the row makes for this item, built once: its path with the item's customer as proven to reach it
 * (CustomerIdentity.pathRef), its query, and its body as the row sends it (after what the operation found first,
 * `before`), each customer in it the integer ID.
 */
async function requestFor(item: Item): Promise<BuiltRequest> {
	const { op, input } = item;
	const cid = await customerPathRef(item);
	const path = { ...input.path, ...(cid === undefined ? {} : { cid }) };
	const pathOfPage = (page: number) => fillPath(op.path, { ...path, page });
	const body =
		op.method === 'GET'
			? undefined
			: await withCustomerIds(item, op.sendBody ? op.sendBody(input, item.before) : input.body);
	return {
		request: {
			method: op.method,
			url: pathOfPage(1),
			qs: input.qs,
			...(body === undefined ? {} : { body: body as IDataObject }),
		},
		pathOfPage,
	};
}

/**
 * The operation's requests for one item, and its output items. A Dry Run is a mode of this path: the item is
 * read, checked, matched and proven as in a real run, and its write is output as what would have been sent
 * (previewOf); a further write an operation makes is not sent either (senderFor).
 */
export async function itemsFor(item: Item): Promise<INodeExecutionData[]> {
	const { op, input } = item;
	const request = senderFor(item);
	// An operation assembled from its own requests resolves its customer itself (request.customer).
	if (op.answerFrom) {
		const assembled = await op.answerFrom(request, input, notesOf(item));
		checkShown(assembled, op.output?.shows);
		return itemsOf(item, toRecords(assembled, op.output));
	}
	if (op.beforeRequest) {
		const refuse = (message: string, description: string) =>
			operationError(item.context.getNode(), message, { itemIndex: item.index, description });
		item.before = await op.beforeRequest(request, input, refuse);
	}
	const built = await requestFor(item);
	if (op.list === 'paged') return await readPages(item, built);
	const repeatable = isRepeatable(op);
	if (item.preview && !repeatable) return [previewOf(item, built.request)];
	return await outputItems(
		item,
		async () =>
			await platformRequest(item.context, built.request, { ...item.settings, repeatable }),
	);
}
