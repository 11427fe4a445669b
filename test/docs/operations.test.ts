import type { INodePropertyOptions, INodeType } from 'n8n-workflow';
import { PACKAGE_NODES } from '../editor/packageNodes';
import { readRepoFile } from '../harness/repoFiles';
import { NODE_TYPES, ROWS } from '../harness/tables';

/*
 * Every operation a node offers has its row in docs/operations.md, in the node's section ("## Telco Billing
 * Customer"), under its resource, and its row on the node's own page (docs/nodes/<node>.md, the page the editor's
 * Docs link opens), under its resource's heading there; every event of a trigger likewise. The operations are the
 * tables' rows (ROWS), the Call Record node's operations and the triggers' events, so a row added to a table
 * without its docs fails here, naming what is missing and where. A docs row naming an operation the node does not
 * offer (renamed, removed) fails too.
 */

interface Offered {
	node: INodeType;
	/** The resource's display name; undefined for a node without a choice of resource. */
	resource?: string;
	/** The operation's (or event's) display name, as the editor's dropdown shows it. */
	operation: string;
}

const OPERATION_COLUMNS = ['Operation', 'Event'];

function optionsOf(node: INodeType, names: string[], resource?: string): INodePropertyOptions[] {
	return node.description.properties
		.filter(({ name }) => names.includes(name))
		.filter(
			({ displayOptions }) =>
				!resource ||
				!displayOptions?.show?.resource ||
				(displayOptions.show.resource as string[]).includes(resource),
		)
		.flatMap(({ options }) => (options ?? []) as INodePropertyOptions[]);
}

/** The resource's display name where the editor offers a choice of resources. */
function resourceName(node: INodeType, value: string): string | undefined {
	const resources = optionsOf(node, ['resource']);
	return resources.length > 1 ? resources.find((r) => r.value === value)?.name : undefined;
}

/** Every operation of every node: the tables' rows, then the nodes without tables (Call Record, the triggers). */
function offered(): Offered[] {
	const byName = new Map(PACKAGE_NODES.map((node) => [node.description.name, node]));
	const fromRows = ROWS.map(({ node, resource, op }) => {
		const type = byName.get(NODE_TYPES[node].description.name)!;
		return { node: type, resource: resourceName(type, resource), operation: op.name };
	});
	const tableNodes = new Set(Object.values(NODE_TYPES).map(({ description }) => description.name));
	const others = PACKAGE_NODES.filter(
		({ description }) => !tableNodes.has(description.name),
	).flatMap((node) =>
		optionsOf(node, ['operation', 'events', 'event']).map(({ name }) => ({
			node,
			operation: name,
		})),
	);
	return [...fromRows, ...others];
}

/** The lines of `text` from the heading `## title` (or `# title` for a page) to the next heading of that level. */
function section(text: string, title: string, level = '##'): string | undefined {
	const lines = text.split('\n');
	const start = lines.findIndex((line) => line === `${level} ${title}`);
	if (start < 0) return undefined;
	const end = lines.findIndex((line, i) => i > start && line.startsWith(`${level} `));
	return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

function cellsOf(line: string): string[] {
	return (
		line
			.trim()
			.slice(1, -1)
			// A pipe inside code or escaped is part of the cell.
			.split(/(?<!\\)\|(?=(?:[^`]*`[^`]*`)*[^`]*$)/)
			.map((cell) => cell.trim())
	);
}

/** The rows of the Markdown tables in `text` whose header has an Operation or Event column, keyed by header. */
function operationRows(text: string): Array<Record<string, string>> {
	const rows: Array<Record<string, string>> = [];
	let header: string[] | undefined;
	for (const line of text.split('\n')) {
		if (!/^\s*\|.*\|\s*$/.test(line)) {
			header = undefined;
			continue;
		}
		const cells = cellsOf(line);
		if (!header) header = cells;
		else if (!cells.every((cell) => /^:?-+:?$/.test(cell)))
			if (header.some((name) => OPERATION_COLUMNS.includes(name)))
				rows.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
	}
	return rows;
}

/** The operations a row names: "Get Many / Get" is two. */
const namedIn = (row: Record<string, string>) =>
	(row.Operation ?? row.Event).split(' / ').map((name) => name.trim());

const label = ({ node, resource, operation }: Offered) =>
	[node.description.displayName, resource, operation].filter(Boolean).join(' → ');

const OPERATIONS_PAGE = readRepoFile('docs/operations.md');

/** The page the node's Docs link opens (its codex file), from the repository's root. */
function nodePage(node: INodeType): string {
	const folder = node.constructor.name;
	const codex = JSON.parse(readRepoFile(`nodes/${folder}/${folder}.node.json`)) as {
		resources: { primaryDocumentation: Array<{ url: string }> };
	};
	return codex.resources.primaryDocumentation[0].url.replace(/^.*\/blob\/main\//, '');
}

const OFFERED = offered();

test('the operations are found: every table row, the Call Record node and both triggers', () => {
	expect(OFFERED.length).toBeGreaterThanOrEqual(ROWS.length + 8 + 6 + 5);
	expect(new Set(OFFERED.map(({ node }) => node)).size).toBe(PACKAGE_NODES.length);
});

test('every operation has its row in docs/operations.md, in its node’s section, under its resource', () => {
	const missing = OFFERED.flatMap((one) => {
		const text = section(OPERATIONS_PAGE, one.node.description.displayName);
		if (!text)
			return [`${label(one)}: docs/operations.md has no "## ${one.node.description.displayName}"`];
		const rows = operationRows(text);
		// A section that sends the reader to the node's page names its events in a sentence.
		if (rows.length === 0)
			return text.includes(one.operation) ? [] : [`${label(one)}: not named in its section`];
		const found = rows.some(
			(row) =>
				(row.Resource === undefined || row.Resource === one.resource) &&
				namedIn(row).includes(one.operation),
		);
		return found ? [] : [`${label(one)}: no row in docs/operations.md`];
	});
	expect(missing).toEqual([]);
});

test('every row of docs/operations.md’s node sections names an operation the node offers', () => {
	const stray = PACKAGE_NODES.flatMap((node) =>
		operationRows(section(OPERATIONS_PAGE, node.description.displayName) ?? '').flatMap((row) =>
			namedIn(row)
				.filter(
					(name) =>
						!OFFERED.some(
							(one) =>
								one.node === node &&
								one.operation === name &&
								(row.Resource === undefined || row.Resource === one.resource),
						),
				)
				.map(
					(name) =>
						`${node.description.displayName}: ${[row.Resource, name].filter(Boolean).join(' → ')}`,
				),
		),
	);
	expect(stray).toEqual([]);
});

test('every operation has its row on the node’s page, under its resource’s heading', () => {
	const missing = OFFERED.flatMap((one) => {
		const file = nodePage(one.node);
		const page = readRepoFile(file);
		const text = one.resource ? section(page, one.resource) : page;
		if (text === undefined) return [`${label(one)}: ${file} has no "## ${one.resource}"`];
		const found = operationRows(text).some((row) => namedIn(row).includes(one.operation));
		return found ? [] : [`${label(one)}: no row in ${file}`];
	});
	expect(missing).toEqual([]);
});
