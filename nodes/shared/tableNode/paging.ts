import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { isRepeatable } from '../operation/operations';
import { guessedPage, lacksRoot, toRecords } from '../output/output';
import { walkPages } from '../transport/pager';
import { platformRequest } from '../transport/transport';
import type { BuiltRequest, Item } from './item';
import { itemsOf, limitOf } from './itemOutput';

// The largest page the query-paged listings accept (serviceType/search: limit at most 100).
const QUERY_PAGE_SIZE = 100;

/** Every page of a paged listing, through the one pager, from the item's request. */
export async function readPages(
	item: Item,
	{ request: first, pathOfPage }: BuiltRequest,
): Promise<INodeExecutionData[]> {
	const { op } = item;
	const output = { ...op.output, root: op.output?.root ?? 'results' };
	const pageRequest = (page: number): IHttpRequestOptions =>
		op.pageInQuery
			? { ...first, qs: { ...first.qs, page, limit: QUERY_PAGE_SIZE } }
			: { ...first, url: pathOfPage(page) };
	const records = await walkPages(
		async (page) => {
			const body = (await platformRequest(item.context, pageRequest(page), {
				...item.settings,
				repeatable: isRepeatable(op),
			})) as IDataObject;
			// A guessed list key the page lacks: its one list of records under another key, or a failure.
			const read =
				lacksRoot(body, output.root) && output.rootGuessed
					? guessedPage(body, output.root, page)
					: body;
			return { body: read, rows: toRecords(read, output) };
		},
		{ limit: limitOf(item) },
	);
	return itemsOf(item, records);
}
