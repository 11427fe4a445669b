import * as ts from 'typescript';
import { readRepoFile, repoFiles, repoPathExists } from '../harness/repoFiles';

/*
 * The shipped code's files stay findable and small: no file in nodes/ or credentials/ over 450 lines (one
 * concern a file), no two of them with one name (a search, a stack trace or a comment naming `simplify.ts`
 * must mean one file), and every file a comment there names exists, so that a comment cannot send a reader to
 * a file that was renamed, split or removed.
 */

const LINE_LIMIT = 450;
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const SHIPPED = [...repoFiles('nodes', ['']), ...repoFiles('credentials', [''])];

test('the shipped code is found', () => {
	expect(SHIPPED.filter((file) => file.endsWith('.ts')).length).toBeGreaterThan(100);
});

test(`no file in nodes/ or credentials/ is longer than ${LINE_LIMIT} lines`, () => {
	const long = SHIPPED.filter((file) => /\.(ts|js|json)$/.test(file))
		.map((file) => ({ file, lines: readRepoFile(file).split('\n').length - 1 }))
		.filter(({ lines }) => lines > LINE_LIMIT)
		.map(({ file, lines }) => `${file} (${lines} lines)`);
	expect(long).toEqual([]);
});

test('no two files in nodes/ or credentials/ share a name', () => {
	const byName = new Map<string, string[]>();
	for (const file of SHIPPED)
		byName.set(basename(file), [...(byName.get(basename(file)) ?? []), file]);
	const shared = [...byName.values()].filter((files) => files.length > 1).map((f) => f.join(', '));
	expect(shared).toEqual([]);
});

/** Words that end like a file name and are none: the runtime's name. */
const NOT_FILES = new Set(['Node.js']);

/** Every file name a comment of a source file names: `tableNode/itemLoop.ts`, `docs/quirks.md`, `dates.ts`. */
function namedInComments(file: string): string[] {
	const text = readRepoFile(file);
	const scanner = ts.createScanner(
		ts.ScriptTarget.Latest,
		false,
		ts.LanguageVariant.Standard,
		text,
	);
	const named: string[] = [];
	for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
		if (
			token === ts.SyntaxKind.SingleLineCommentTrivia ||
			token === ts.SyntaxKind.MultiLineCommentTrivia
		)
			for (const [word] of scanner
				.getTokenText()
				.matchAll(/(?<![\w./-])[\w.-]+(?:\/[\w.-]+)*\.(?:ts|js|json|md)\b(?![\w/])/g))
				if (!NOT_FILES.has(word)) named.push(word);
	return named;
}

const EVERY_FILE = ['nodes', 'credentials', 'test', 'docs'].flatMap((folder) =>
	repoFiles(folder, ['']),
);
const NAMES = new Set(EVERY_FILE.map((file) => basename(file)));

/**
 * Whether a named file exists: a path from the repository's root (`test/spec/types.ts`), from nodes/shared
 * (`input/sentTypes.ts`, as the code's comments write them), from nodes/ or from the commenting file's folder; a
 * bare name (`describe.ts`) is the name of a file of the repository.
 */
function exists(word: string, from: string): boolean {
	if (!word.includes('/')) return NAMES.has(word);
	return [word, `nodes/shared/${word}`, `nodes/${word}`, `${folderOf(from)}/${word}`].some((path) =>
		repoPathExists(path),
	);
}

test('every file a comment in nodes/ or credentials/ names exists', () => {
	const sources = SHIPPED.filter((file) => /\.(ts|js)$/.test(file));
	const named = sources.flatMap((file) => namedInComments(file).map((word) => ({ file, word })));
	expect(named.length).toBeGreaterThan(20);
	const missing = named
		.filter(({ file, word }) => !exists(word, file))
		.map(({ file, word }) => `${file} names ${word}`);
	expect(missing).toEqual([]);
});
