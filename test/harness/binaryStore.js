// n8n's filesystem binary data mode (N8N_DEFAULT_BINARY_DATA_MODE=filesystem) for the engine harness: files
// given to input items are written to a temporary folder and items only hold their ids. Plain JavaScript:
// the lint rules every .ts file follows forbid file access.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Container } = require('@n8n/di');
const { BinaryDataConfig, BinaryDataService } = require('n8n-core');

/** Puts n8n's binary data service of this test file in filesystem mode; returns how to remove the folder. */
async function useFilesystemBinaryStore() {
	const folder = mkdtempSync(join(tmpdir(), 'telco-binary-'));
	// What n8n does at start-up with N8N_DEFAULT_BINARY_DATA_MODE=filesystem: its own manager class differs
	// between n8n lines (FileSystemManager in 2.8, a blob store in 2.41), its configuration does not.
	const config = Container.get(BinaryDataConfig);
	config.mode = 'filesystem';
	config.localStoragePath = folder;
	await Container.get(BinaryDataService).init();
	return () => rmSync(folder, { recursive: true, force: true });
}

module.exports = { useFilesystemBinaryStore };
