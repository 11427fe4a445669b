import { readRepoFile, repoFiles } from '../harness/repoFiles';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const plan = require('./crmSyncPlan') as Record<string, unknown>;

// The CRM end-to-end test (test/e2e/crmSync.e2e.test.js) predicts each row's error by the node's words, held as
// constants in its plan. A constant the node no longer says fails only on the run where such a row happens: a twin
// made by another n8n worker, a race, was seen by one CI run in several after the node's wording had changed.
// Every such constant is here held against the Customer node's own texts, on every run.

// (Refusals of a row's input, EMAIL_REQUIRED and the like, are composed by the rules from each field's name; the
// CRM's messy rows meet them on every end-to-end run, not by chance.)
const WORDS = ['NOT_LISTED', 'RENAMED', 'TWIN'];
const SOURCES = [...repoFiles('nodes', ['.ts'])].map((file) => readRepoFile(file) ?? '').join('\n');

test.each(WORDS)('the plan’s %s is words the node says', (name) => {
	const words = plan[name];
	expect(typeof words).toBe('string');
	expect([name, SOURCES.includes(words as string)]).toEqual([name, true]);
});
