import { FIXTURE_DIST } from './fixtures/workflow-imports';
import { membersUsedIn, missingMembers, workflowMembers } from './workflow-exports';

// The CI guard (test/sandbox/workflow-exports.js) reads which n8n-workflow members the built package uses; a
// shape it missed would let a member the oldest line lacks through unseen.
describe('the n8n-workflow members the built package uses', () => {
	test('are read from every shape compiled code takes them in, and nothing else', () => {
		const used = membersUsedIn(FIXTURE_DIST);
		expect([...used.keys()].sort()).toEqual([
			'ApplicationError',
			'LoggerProxy',
			'NodeApiError',
			'NodeConnectionTypes',
			'NodeHelpers',
			'NodeOperationError',
			'UserError',
			'Workflow',
			'deepCopy',
			'jsonParse',
			'randomString',
			'sleep',
		]);
		expect(used.get('NodeOperationError')).toEqual(['nodes/Thing/Thing.node.js']);
	});

	test('type-only imports are no members', () => {
		const source =
			"import type { INodeType } from 'n8n-workflow';\n" +
			"import { type IDataObject, sleep } from 'n8n-workflow';";
		expect([...workflowMembers(source)]).toEqual(['sleep']);
	});

	test('a member the line does not export is named with the files that use it', () => {
		const used = membersUsedIn(FIXTURE_DIST);
		const exported = [...used.keys()].filter((name) => name !== 'sleep' && name !== 'UserError');
		expect(missingMembers(used, exported)).toEqual([
			{ member: 'UserError', files: ['shared/helpers.js'] },
			{ member: 'sleep', files: ['nodes/Thing/Thing.node.js'] },
		]);
		expect(missingMembers(used, [...used.keys()])).toEqual([]);
	});
});
