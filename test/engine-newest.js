#!/usr/bin/env node
// npm run test:engine:newest: the unit suite on the engine libraries of the newest supported n8n (its n8n-core,
// n8n-workflow and @n8n/di, taken from the installed n8n), under the Node that line needs. The project's own
// devDependencies pin n8n 2.8.4's pair, so `npm test` alone proves only that line's engine.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { ensureN8n } = require('./sandbox/n8n-install.js');
const { NEWEST } = require('./sandbox/n8n-lines.js');

ensureN8n({ version: NEWEST, log: (line) => process.stderr.write(`${line}\n`) }).then(
	(n8n) => {
		process.stderr.write(
			`Unit suite on n8n-core from n8n ${n8n.version}, Node ${n8n.nodeVersion}\n`,
		);
		const jest = spawnSync(n8n.node, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], {
			stdio: 'inherit',
			env: { ...process.env, TELCO_ENGINE_MODULES: join(n8n.dir, 'node_modules') },
		});
		process.exitCode = jest.status ?? 1;
	},
	(error) => {
		process.stderr.write(`${error.message}\n`);
		process.exitCode = 1;
	},
);
