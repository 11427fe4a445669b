// The cached n8n a newcomer's `npm start` relies on: a broken install (its database driver's native build
// missing, what an install under the project's ignore-scripts left behind) is found and repaired, not reused.
const { existsSync, renameSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');
const { ensureN8n, requestedVersion } = require('../sandbox/n8n.js');

test('a cached n8n whose sqlite3 build is gone is detected, repaired and verified before use', async () => {
	const version = requestedVersion([]);
	const n8n = await ensureN8n({ version, log: () => {} });
	const binding = join(n8n.dir, 'node_modules', 'sqlite3', 'build');
	expect(existsSync(binding)).toBe(true);
	renameSync(binding, `${binding}.removed-by-test`);
	const lines = [];
	try {
		const repaired = await ensureN8n({ version, log: (line) => lines.push(line) });
		expect(repaired.version).toBe(version);
	} finally {
		// Should the repair have failed, leave the cache as the test found it.
		if (!existsSync(binding)) renameSync(`${binding}.removed-by-test`, binding);
		rmSync(`${binding}.removed-by-test`, { recursive: true, force: true });
	}
	expect(lines[0]).toMatch(
		new RegExp(
			`^The cached n8n ${version.replace(/\./g, '\\.')} is broken: a native module does not load`,
		),
	);
	expect(lines[0]).toContain('sqlite3: ');
	expect(lines.at(-1)).toMatch(/repaired in \d+ s\.$/);
	// What n8n itself needs: its database driver loads under the line's Node.
	const load = spawnSync(n8n.node, ['-e', "require('sqlite3')"], {
		cwd: n8n.dir,
		encoding: 'utf8',
	});
	expect(load.stderr).toBe('');
	expect(load.status).toBe(0);
});
