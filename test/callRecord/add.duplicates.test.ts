import type { IDataObject } from 'n8n-workflow';
import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdrPosts, cdr } = useCallRecord();

const add = async (input: IDataObject[], extra: IDataObject = {}, continueOnFail = true) =>
	await node.run({ operation: 'add', dataMode: 'autoMap', ...extra }, { input, continueOnFail });
const held = (origId: string) => state().cdrs.all.filter((c) => c.orig_id === origId);

describe('Add: an orig_id the platform holds is ours only when an earlier try may have stored it', () => {
	test.each(['http429'] as const)(
		'after a %s (throttled: nothing applied), an orig_id another call holds is a duplicate, not stored',
		async (fault) => {
			await add([cdr({ orig_id: 'taken', destination: '0311110000' })]);
			node.sim().faults.push(fault);
			const result = await add([cdr({ orig_id: 'taken', destination: '0399998888' })]);
			expect(jsonOf(result)).toEqual([{ error: 'CDR ID already exists' }]);
			expect(held('taken')).toEqual([expect.objectContaining({ destination: '0311110000' })]);
		},
	);

	test.each(['reset', 'http503'] as const)(
		'after a %s (the outcome unknown: a gateway may answer 503 after the platform stored), an orig_id already held is reported as maybe ours, never as stored',
		async (fault) => {
			await add([cdr({ orig_id: 'taken', destination: '0311110000' })]);
			node.sim().faults.push(fault);
			const result = await add([cdr({ orig_id: 'taken', destination: '0399998888' })], {}, false);
			expect(result.error?.message).toBe('CDR ID already exists');
			expect(result.error?.description).toMatch(
				/may be the one an earlier try stored.*or another call’s/,
			);
		},
	);
});

describe('Add: one orig_id twice in a run', () => {
	test('the second item is refused as a duplicate of the first, and not sent', async () => {
		const result = await add(
			[
				cdr({ orig_id: 'twice', destination: '0311110000' }),
				cdr({ orig_id: 'twice', destination: '0399998888' }),
			],
			{ treatDuplicateAsSuccess: true },
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, yourid: 'twice', id: expect.any(String) },
			{ error: expect.stringMatching(/^Original ID \(orig_id\) twice is already item 0’s/) },
		]);
		expect(cdrPosts()).toHaveLength(1);
	});

	test('the same call twice with Treat Duplicate as Success: sent once, the second a duplicate of the first', async () => {
		const result = await add([cdr({ orig_id: 'same' }), cdr({ orig_id: 'same' })], {
			treatDuplicateAsSuccess: true,
		});
		expect(jsonOf(result)).toEqual([
			{ success: true, yourid: 'same', id: expect.any(String) },
			{ success: true, duplicate: true, yourid: 'same', duplicateOfItem: 0 },
		]);
		expect(cdrPosts()).toHaveLength(1);
	});
});

test('Add: an orig_id given as a number is sent as its decimal text', async () => {
	const result = await add([cdr({ orig_id: 4400123 })], {}, false);
	expect(result.error).toBeUndefined();
	expect((cdrPosts()[0].body as IDataObject).orig_id).toBe('4400123');
});
