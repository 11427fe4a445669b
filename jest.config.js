const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

// n8n-core reads its settings folder when the first execution context is built; keep it out of $HOME.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-test-'));

// Tests run as an n8n instance far from Melbourne and from UTC would: nothing may depend on the host's zone.
process.env.TZ = 'Pacific/Honolulu';

// n8n-workflow 2.41 hands every node error to n8n's ErrorReporter, which logs it: expected failures would drown
// the real ones. Tests assert on errors themselves.
process.env.N8N_LOG_LEVEL ??= 'silent';

// test/engine-newest.js points this at an installed n8n: the suite then runs on that line's engine libraries.
const engine = process.env.TELCO_ENGINE_MODULES;

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	testTimeout: 30000,
	// Every request a test sends to the simulator is checked against the spec (test/conformance/).
	setupFilesAfterEnv: [
		'<rootDir>/test/conformance/setup.ts',
		'<rootDir>/test/harness/clockSetup.ts',
	],
	...(engine && {
		moduleNameMapper: {
			'^n8n-workflow$': join(engine, 'n8n-workflow'),
			'^n8n-core$': join(engine, 'n8n-core'),
			'^n8n-core/(.*)$': join(engine, 'n8n-core', '$1'),
			'^@n8n/di$': join(engine, '@n8n', 'di'),
		},
	}),
};
