// n8n's filesystem binary data mode (N8N_DEFAULT_BINARY_DATA_MODE=filesystem) for the engine harness: files
// given to input items are written to a temporary folder and items only hold their ids. Plain JavaScript:
// the lint rules every .ts file follows forbid file access.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Container } = require('@n8n/di');
const { BinaryDataService, ErrorReporter } = require('n8n-core');
const { FileSystemManager } = require('n8n-core/dist/binary-data/file-system.manager');

/** Puts n8n's binary data service of this test file in filesystem mode; returns how to remove the folder. */
async function useFilesystemBinaryStore() {
	const folder = mkdtempSync(join(tmpdir(), 'telco-binary-'));
	const manager = new FileSystemManager(folder, Container.get(ErrorReporter));
	await manager.init();
	Container.get(BinaryDataService).setManager('filesystem-v2', manager);
	return () => rmSync(folder, { recursive: true, force: true });
}

module.exports = { useFilesystemBinaryStore };
