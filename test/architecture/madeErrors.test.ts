import { sourceLinesMatching, sourceOf } from './imports';

// n8n swaps the message of an error holding a Node.js error code's name (EPERM in "Keeperman") for that code's
// sentence; nodes/shared/errors/made.ts puts the message back. An error made anywhere else would not be, so no
// other file may construct one of n8n's errors, and a class extending one keeps its message itself.

const MAKER = 'nodes/shared/errors/made.ts';
const FOLDERS = ['nodes', 'credentials'];

test('every n8n error the package makes is made where its message is kept', () => {
	const made = sourceLinesMatching(FOLDERS, /new Node(Operation|Api)Error\s*\(/)
		.filter(({ file }) => file !== MAKER)
		.map(({ file, line }) => `${file}:${line}`);
	expect(made).toEqual([]);
	const subclasses = sourceLinesMatching(FOLDERS, /extends Node(Operation|Api)Error\b/);
	expect(subclasses.length).toBeGreaterThan(0);
	for (const { file } of subclasses) expect(sourceOf(file)).toMatch(/keepMessage\(this, /);
});
