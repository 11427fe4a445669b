/** One page of a `/get/page/{n}` listing: `{results, page_number, total_pages}`, pages counted from 1. */
export function page<T>(rows: T[], pageParam: string, pageSize: number) {
	const pageNumber = Math.max(1, Number.parseInt(pageParam, 10) || 1);
	return {
		results: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
		page_number: pageNumber,
		total_pages: Math.ceil(rows.length / pageSize),
	};
}
