import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { shownList } from '../output/output';

/** A GET through the node's credential, answering the parsed body of a success. */
export type Get = (url: string) => Promise<IDataObject>;

// Listings walked at most this far, so a platform that never reports its last page cannot stall.
const MAX_PAGES = 50;

const LIST_FIELDS = ['ctid', 'name', 'internal_code', 'direction', 'priority', 'application'];

async function walk(get: Get, path: string): Promise<IDataObject[]> {
	const rows: IDataObject[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const body = await get(path.replace('{page}', String(page)));
		const results = shownList(body, 'results');
		rows.push(...results);
		if (results.length === 0 || page >= Number(body?.total_pages ?? page)) break;
	}
	return rows;
}

/**
 * The department's call types, from documented paths only. The spec gives the call-type listing the
 * service-type listing's path (serviceType/get/page/{page}), so what that path answers cannot be
 * trusted to be call types: records carrying a ctid are taken, others left. Every call type a rate
 * card rates (callRates/get/{id}, its callTypes) is added, read at the documented detail path
 * callType/get/{id}. A call type no rate card uses, and the listing does not give, is reached by ID.
 */
export async function listCallTypes(get: Get): Promise<IDataObject[]> {
	const found = new Map<string, IDataObject>();
	for (const row of await walk(get, '/serviceType/get/page/{page}')) {
		if (row.ctid !== undefined && row.ctid !== null) found.set(String(row.ctid), row);
	}
	const cards = await walk(get, '/callRates/get/page/{page}');
	const rated = new Set<string>();
	for (const card of cards) {
		const detail = await get(`/callRates/get/${pathSegment('id', card.id)}`);
		// A card answered without its rates names no call type: unknown, not none.
		const items = shownList(detail.callRates, 'callTypes');
		for (const item of items)
			if (item.ctid !== undefined && !found.has(String(item.ctid))) rated.add(String(item.ctid));
	}
	const details = await Promise.all(
		[...rated].map(async (ctid) => await get(`/callType/get/${pathSegment('ctid', ctid)}`)),
	);
	for (const body of details) {
		const type = body.serviceType as IDataObject | undefined;
		if (type?.ctid !== undefined)
			found.set(
				String(type.ctid),
				Object.fromEntries(LIST_FIELDS.map((field) => [field, type[field]])),
			);
	}
	return [...found.values()].sort((a, b) => Number(a.ctid) - Number(b.ctid));
}

/** The call-type dropdown: name, direction and id, sorted by name. */
export async function callTypeOptions(get: Get): Promise<INodePropertyOptions[]> {
	const types = await listCallTypes(get);
	return types
		.map((t) => ({
			name: `${String(t.name)} — ${String(t.direction)} (${String(t.ctid)})`,
			value: Number(t.ctid),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}
