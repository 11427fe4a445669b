import { linkReaches, readRepoFile, repoFiles } from '../harness/repoFiles';

/*
 * The user pages read well and speak of the product: a table cell says its point in at most 300 characters
 * (more goes in a section below the table), and no page sends the reader to an issue of this repository's
 * tracker, which a user cannot open.
 */

const CELL_LIMIT = 300;
const PAGES = [...repoFiles('docs', ['.md']), 'README.md', 'DEVELOPMENT.md'];

/** The cells of the Markdown table rows of a page, with where they are. */
function cells(file: string): Array<{ at: string; cell: string }> {
	return readRepoFile(file)
		.split('\n')
		.flatMap((line, i) =>
			/^\s*\|.*\|\s*$/.test(line)
				? line
						.trim()
						.slice(1, -1)
						// A pipe inside code or escaped is part of the cell.
						.split(/(?<!\\)\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/)
						.map((cell) => ({ at: `${file}:${i + 1}`, cell: cell.trim() }))
				: [],
		);
}

test('the pages are found', () => {
	expect(PAGES.length).toBeGreaterThan(5);
	expect(PAGES.flatMap(cells).length).toBeGreaterThan(100);
});

test(`no table cell in docs/*.md is longer than ${CELL_LIMIT} characters`, () => {
	const long = repoFiles('docs', ['.md'])
		.flatMap(cells)
		.filter(({ cell }) => cell.length > CELL_LIMIT)
		.map(({ at, cell }) => `${at} (${cell.length}): ${cell.slice(0, 60)}…`);
	expect(long).toEqual([]);
});

test('docs/, README.md and DEVELOPMENT.md name no issue of the tracker', () => {
	const mentions = PAGES.flatMap((file) =>
		readRepoFile(file)
			.split('\n')
			.flatMap((line, i) =>
				[...line.matchAll(/\bissues? #?\d+\b|(?<![\w&/])#\d+\b/gi)].map(
					(m) => `${file}:${i + 1}: ${m[0]}`,
				),
			),
	);
	expect(mentions).toEqual([]);
});

test('every relative link of the pages reaches a file of the repository', () => {
	const broken = PAGES.flatMap((file) =>
		[...readRepoFile(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
			.map((m) => m[1])
			.filter((target) => !/^[a-z]+:/i.test(target) && !linkReaches(file, target))
			.map((target) => `${file}: ${target}`),
	);
	expect(broken).toEqual([]);
});
