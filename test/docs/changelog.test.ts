import { readRepoFile } from '../harness/repoFiles';

// The changelog is what a user of the release needs: one line an item, short enough to read (8 KB at most).

const CHANGELOG = readRepoFile('CHANGELOG.md');

test('CHANGELOG.md is at most 8 KB, one line an item, under Keep a Changelog headings', () => {
	expect(Buffer.byteLength(CHANGELOG)).toBeLessThanOrEqual(8 * 1024);
	const lines = CHANGELOG.split('\n');
	// An item's text continued on the next line (indented) is two lines for one item.
	const continued = lines.filter(
		(line, at) => /^\s+\S/.test(line) && /^- /.test(lines[at - 1] ?? ''),
	);
	expect(continued).toEqual([]);
	const headings = lines.filter((line) => line.startsWith('### ')).map((line) => line.slice(4));
	for (const heading of headings)
		expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(heading);
	expect(lines.filter((line) => line.startsWith('- ')).length).toBeGreaterThan(10);
});
