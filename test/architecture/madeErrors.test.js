const { readFileSync, readdirSync, statSync } = require('fs');
const { join } = require('path');

// n8n swaps the message of an error holding a Node.js error code's name (EPERM in "Keeperman") for that code's
// sentence; nodes/shared/errors/made.ts puts the message back. An error made anywhere else would not be, so no
// other file may construct one of n8n's errors or extend one without keeping its message.

function sources(dir) {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

const MAKER = join('nodes', 'shared', 'errors', 'made.ts');

test('every n8n error the package makes is made where its message is kept', () => {
	const files = [...sources('nodes'), ...sources('credentials')];
	const made = files
		.filter((file) => file !== MAKER)
		.flatMap((file) => {
			const text = readFileSync(file, 'utf8');
			const lines = text.split('\n');
			return lines
				.map((line, at) => ({ line, at }))
				.filter(({ line }) => /new Node(Operation|Api)Error\s*\(/.test(line))
				.map(({ at }) => `${file}:${at + 1}`);
		});
	expect(made).toEqual([]);
	const subclasses = files.filter((file) =>
		/extends Node(Operation|Api)Error\b/.test(readFileSync(file, 'utf8')),
	);
	for (const file of subclasses) expect(readFileSync(file, 'utf8')).toMatch(/keepMessage\(this, /);
	expect(subclasses.length).toBeGreaterThan(0);
});
