import type { IDataObject } from 'n8n-workflow';

// A safety stop for a platform that never reports its last page.
const MAX_PAGES = 10_000;

export interface Page {
	/** The page's answer, read for the listing's own page count. */
	body: IDataObject;
	/** The records on it. */
	rows: IDataObject[];
	/** Known to be the last page whatever the listing says. */
	last?: boolean;
}

/**
 * Whether `page` is the last one. Listings give `total_pages` (`/get/page/{n}`, searches) or `total` and
 * `page_size` (bulk email campaigns); a listing that gives neither ends at its first empty page.
 */
export function isLastPage(page: number, { body, rows, last }: Page): boolean {
	if (last || rows.length === 0) return true;
	const totalPages =
		body.total_pages !== undefined
			? Number(body.total_pages)
			: Math.ceil(Number(body.total) / Number(body.page_size));
	return Number.isFinite(totalPages) ? page >= totalPages : false;
}

export interface WalkOptions {
	/** Stop once this many records are in hand (the node's Limit); all pages when undefined. */
	limit?: number;
	/** Stop after this many pages whatever the listing says (dropdowns keep the editor responsive). */
	maxPages?: number;
	/** Stop early when this returns true for a page (the trigger stops at campaigns it already knows). */
	enough?: (page: Page) => boolean;
}

/**
 * The one pager: every paged listing the package reads (node Get Many operations, dropdowns, list
 * searches, the trigger) walks its pages here, with one stop rule.
 */
export async function walkPages(
	fetchPage: (page: number) => Promise<Page>,
	options: WalkOptions = {},
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	const last = Math.min(options.maxPages ?? MAX_PAGES, MAX_PAGES);
	for (let page = 1; page <= last; page++) {
		const current = await fetchPage(page);
		records.push(...current.rows);
		if (isLastPage(page, current)) break;
		if (options.limit !== undefined && records.length >= options.limit) break;
		if (options.enough?.(current)) break;
	}
	return options.limit === undefined ? records : records.slice(0, options.limit);
}
