/** What a person reads in the report's HTML table: its headings, its rows' cells and its Total row, as text. */
export interface ShownTable {
	headings: string[];
	rows: string[][];
	/** The Total row's cells (the first says "Total"), or undefined without one. */
	totals?: string[];
}

const ENTITIES: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&#39;': "'",
};

function cells(row: string, tag: 'td' | 'th'): string[] {
	return [...row.matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, 'gs'))].map((m) =>
		m[1].replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]),
	);
}

function rowsOf(section: string | undefined, tag: 'td' | 'th'): string[][] {
	return [...(section ?? '').matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => cells(m[1], tag));
}

/** Reads the node's `html` back into what it shows. */
export function shownTable(html: string): ShownTable {
	const head = /<thead>(.*?)<\/thead>/s.exec(html)?.[1];
	const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1];
	const foot = /<tfoot>(.*?)<\/tfoot>/s.exec(html)?.[1];
	return {
		headings: rowsOf(head, 'th')[0] ?? [],
		rows: rowsOf(body, 'td'),
		...(foot ? { totals: rowsOf(foot, 'th')[0] } : {}),
	};
}
