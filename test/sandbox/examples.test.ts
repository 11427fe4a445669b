import type { IDataObject } from 'n8n-workflow';
import { exampleFiles } from './exampleFiles';

// The examples are imported into any n8n with the package (Import → From file), not only the sandbox: nothing
// in them may point at one machine, and what a user must fill in is a setting a note names, whose absence
// stops the run instead of letting it finish green with nothing done.

const examples = exampleFiles();

test.each(examples.map((e) => [e.file, e]))(
	'%s holds no placeholder only the sandbox rewrites and no path of one machine',
	(_, { text }) => {
		expect(text).not.toMatch(/__[A-Z_]+__/);
		expect(text).not.toMatch(/["'](\/home\/|\/tmp\/|\/root\/|[A-Z]:\\\\)/);
	},
);

const readers = examples.flatMap(({ file, workflow }) =>
	workflow.nodes
		.filter((node) => node.type === 'n8n-nodes-base.readWriteFile')
		.map((node) => [`${file}: ${node.name}`, { workflow, node }] as const),
);

test('the CDR examples read a file', () => {
	expect(readers.map(([name]) => name)).toEqual([
		'cdr-file-import.json: Read CDR File',
		'cdr-import.json: Read CDR File',
	]);
});

test.each(readers)(
	'%s reads the path a setting gives, empty as shipped, named in a note; a missing file stops the run',
	(_, { workflow, node }) => {
		// Version 1 is the one n8n 1.123 has; it outputs nothing for a missing file, so the node always outputs
		// an item and the next node stops the run on its missing file, never green with nothing imported.
		expect(node.typeVersion).toBe(1);
		expect(node.alwaysOutputData).toBe(true);
		expect(node.parameters.fileSelector).toMatch(/^=\{\{ \$json\.cdrFile \|\| 'CDR File is empty/);
		const settings = workflow.nodes.flatMap(
			(n) =>
				((n.parameters.assignments as IDataObject | undefined)?.assignments ?? []) as IDataObject[],
		);
		expect(settings.filter((a) => a.name === 'cdrFile')).toEqual([
			expect.objectContaining({ value: '', type: 'string' }),
		]);
		const notes = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
		expect(notes.map((n) => String(n.parameters.content)).join('\n')).toMatch(
			/set \*cdrFile\* to the full path.*An empty or wrong path stops the run/s,
		);
	},
);

// Import from File keeps a file's nodes, not its settings (the workflow's time zone among them): a date an
// example computes must name its zone, or a copy imported that way reports on New York's today.
test.each(examples.map((e) => [e.file, e]))(
	'%s names the time zone of every date it computes from now',
	(_, { text }) => {
		const nows = text.match(/\$(now|today)\b[^}]*/g) ?? [];
		for (const now of nows) expect(now).toMatch(/^\$now\.setZone\('Australia\/Melbourne'\)/);
	},
);
