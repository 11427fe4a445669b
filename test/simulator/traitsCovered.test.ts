import * as ts from 'typescript';
import { readRepoFile, repoFiles } from '../harness/repoFiles';
import { TRAITS, TRAIT_NAMES } from './traits';

/*
 * A trait is a question the spec leaves open, answered by the simulator (traits.ts). One that no code of the
 * simulator reads answers nothing: every test drawing it meets the same platform whatever it draws. One that
 * docs/quirks.md lacks is a question a user of the nodes cannot read about. So every trait of TRAITS is read by
 * the simulator's code (a route, or what a route calls: `state.traits.searchCase`, `traits.numbers`), and has
 * its row in quirks.md's table of traits with exactly its values, default first; and every row there is a trait.
 */

/** The simulator's own code: what answers requests, not its tests nor the file that declares the traits. */
const SOURCES = repoFiles('test/simulator', ['.ts', '.js']).filter(
	(file) =>
		!file.endsWith('.test.ts') && !file.endsWith('.d.ts') && file !== 'test/simulator/traits.ts',
);

/** The trait names read in a file: `x.traits.name`, `traits.name`, `traits['name']`, `{ name } = traits`. */
function traitsRead(file: string): string[] {
	const source = ts.createSourceFile(file, readRepoFile(file), ts.ScriptTarget.Latest, true);
	const isTraits = (node: ts.Node) =>
		(ts.isIdentifier(node) && node.text === 'traits') ||
		(ts.isPropertyAccessExpression(node) && node.name.text === 'traits');
	const read: string[] = [];
	const visit = (node: ts.Node) => {
		if (ts.isPropertyAccessExpression(node) && isTraits(node.expression)) read.push(node.name.text);
		if (
			ts.isElementAccessExpression(node) &&
			isTraits(node.expression) &&
			ts.isStringLiteral(node.argumentExpression)
		)
			read.push(node.argumentExpression.text);
		if (
			ts.isVariableDeclaration(node) &&
			node.initializer &&
			isTraits(node.initializer) &&
			ts.isObjectBindingPattern(node.name)
		)
			for (const element of node.name.elements)
				read.push(((element.propertyName ?? element.name) as ts.Identifier).text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return read;
}

/** The rows of quirks.md's table of traits: the trait and its values, as the page spells them. */
function documentedTraits(): Map<string, string[]> {
	const page = readRepoFile('docs/quirks.md');
	const start = page.indexOf('| Trait | Values (default first) |');
	expect(start).toBeGreaterThan(-1);
	const rows = page.slice(start).split('\n').slice(2);
	const table = rows.slice(
		0,
		rows.findIndex((line) => !line.startsWith('|')),
	);
	return new Map(
		table.map((line) => {
			const [name, values] = line.split('|').slice(1, 3);
			return [
				name.trim().replace(/`/g, ''),
				[...values.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
			] as const;
		}),
	);
}

const READ = SOURCES.flatMap(traitsRead);

test('the simulator’s code is found, and it reads traits', () => {
	expect(SOURCES).toEqual(expect.arrayContaining(['test/simulator/routes/customers.ts']));
	expect(READ.length).toBeGreaterThan(10);
});

test('every trait is read by the simulator’s code', () => {
	const read = new Set(READ);
	const unread = TRAIT_NAMES.filter((name) => !read.has(name)).map(
		(name) =>
			`${name}: no code under test/simulator/ reads it (state.traits.${name} in the route that answers the question)`,
	);
	expect(unread).toEqual([]);
});

test('every trait has its row in docs/quirks.md with its values, default first; every row is a trait', () => {
	const documented = documentedTraits();
	const wrong = [
		...TRAIT_NAMES.filter(
			(name) => JSON.stringify(documented.get(name)) !== JSON.stringify(TRAITS[name]),
		).map((name) =>
			documented.has(name)
				? `${name}: docs/quirks.md gives ${documented.get(name)!.join(', ')}; traits.ts ${TRAITS[name].join(', ')}`
				: `${name}: no row in docs/quirks.md ("The spec's open questions: simulator traits")`,
		),
		...[...documented.keys()]
			.filter((name) => !(TRAIT_NAMES as string[]).includes(name))
			.map((name) => `${name}: a row of docs/quirks.md, but no trait of traits.ts`),
	];
	expect(wrong).toEqual([]);
});
