import { readRepoFile, repoPathExists } from '../harness/repoFiles';

/*
 * DEVELOPMENT.md is a guide the next engineer reads in twenty minutes: at most 15,000 bytes, the five recipes, and
 * every file it names one that exists, so a recipe cannot send anyone to a file that moved. Names a recipe
 * invents for its example (Get Notes) are the only ones allowed to be missing.
 */

const GUIDE = readRepoFile('DEVELOPMENT.md');
const INVENTED = /getNotes|<\w+>|\*/;
const ROOTS = /^(nodes|test|credentials|docs|examples|icons|\.ci|\.\.\/shared)\//;

/** The paths the guide names: in code spans, in links, and in its picture of a request's path. */
function namedPaths(): string[] {
	const spans = [...GUIDE.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]);
	const links = [...GUIDE.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]);
	const picture = GUIDE.slice(
		GUIDE.indexOf('```text'),
		GUIDE.indexOf('```', GUIDE.indexOf('```text') + 7),
	)
		.split('\n')
		.slice(1)
		.flatMap((line) => {
			// "transport/retry.ts, limiter.ts, turns.ts": the later names are in the first one's folder.
			const names = (line.match(/^([\w./<>-]+(?:, [\w.]+)*)/)?.[1] ?? '').split(', ');
			const folder = names[0].replace(/[^/]*$/, '');
			return names.map((name, i) => (i === 0 ? name : folder + name));
		})
		.map((path) => (path.startsWith('nodes/') ? path : `nodes/shared/${path}`));
	return [...spans.filter((span) => ROOTS.test(span)), ...links, ...picture];
}

test('DEVELOPMENT.md is at most 15,000 bytes and holds the five recipes', () => {
	expect(Buffer.byteLength(GUIDE)).toBeLessThanOrEqual(15_000);
	const recipes = [...GUIDE.matchAll(/^### \d\. (.+)$/gm)].map((m) => m[1]);
	expect(recipes).toEqual([
		'A new endpoint',
		'A new body field',
		'A new node setting or option',
		'A new simulator trait',
		'A new kind rule',
	]);
});

test('every file DEVELOPMENT.md names exists', () => {
	const named = namedPaths();
	expect(named.length).toBeGreaterThan(40);
	const missing = named.filter(
		(path) => !INVENTED.test(path) && !path.startsWith('../shared/') && !repoPathExists(path),
	);
	expect(missing).toEqual([]);
});
