// `npm test` runs the suite as one jest file per test folder. Each jest file loads n8n-core and n8n-workflow
// anew (about a second of the two cores each: 1,500 modules through jest's loader), which for 140 files was
// most of the suite's time. The files of a folder share those modules; each file gets its own describe block,
// so its hooks (a fresh simulator per test) stay its own, and starts with n8n's services made anew, as in a
// jest file of its own (one puts n8n's binary data in filesystem mode). `npx jest test/customer/getBalance`
// runs one file alone.
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { Container } = require('@n8n/di');
const { servicesOfAFile } = require('../harness/n8nServices');
const { expectNothingLeftOpen } = require('../harness/openHandles');

const TESTS = join(__dirname, '..');

/** The test files of `folder` (relative to test/), in order. */
function testFilesOf(folder) {
	return readdirSync(join(TESTS, folder))
		.filter((name) => name.endsWith('.test.ts'))
		.sort();
}

/** Every folder under test/ that holds test files. */
function testFolders(dir = TESTS) {
	return readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
		.flatMap((entry) => {
			const path = join(dir, entry.name);
			const folder = path.slice(TESTS.length + 1);
			return [...(testFilesOf(folder).length ? [folder] : []), ...testFolders(path)];
		});
}

/**
 * Declares every test file of each folder as a describe block named for the file. Small folders share one jest
 * file (a bundle naming several): each pays n8n's modules once between them.
 */
function runFolder(...folders) {
	expectNothingLeftOpen();
	for (const folder of folders) declareFolder(folder);
}

function declareFolder(folder) {
	const files = testFilesOf(folder);
	if (files.length === 0) throw new Error(`test/${folder} holds no test files`);
	for (const name of files) {
		describe(`${folder}/${name.replace(/\.ts$/, '')}`, () => {
			let endServices = () => {};
			beforeAll(() => {
				Container.reset();
				endServices = servicesOfAFile();
			});
			require(join(TESTS, folder, name));
			// Declared after the file's own afterAll hooks, so it runs after them (they may still reach n8n's
			// services, as the engine's shutdown does).
			afterAll(() => endServices());
		});
	}
}

module.exports = { runFolder, testFolders };
