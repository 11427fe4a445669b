const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-e2e-jest-'));

/** @type {import('jest').Config} End-to-end: the example workflows in the real n8n CLI. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/*.e2e.test.js'],
	// One file at a time: they share the cached n8n (one of them breaks and repairs it) and two cores.
	maxWorkers: 1,
	// The first run installs n8n into its cache folder; later runs start in seconds.
	testTimeout: 20 * 60 * 1000,
};
