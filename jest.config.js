const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

// n8n-core reads its settings folder when the first execution context is built; keep it out of $HOME.
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-test-'));

// Tests run as an n8n instance far from Melbourne and from UTC would: nothing may depend on the host's zone.
process.env.TZ = 'Pacific/Honolulu';

/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
	testTimeout: 30000,
};
