import type { IDataObject } from 'n8n-workflow';
import { useCallRecord } from '../kits/callRecord';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, cdrPosts, cdr } = useCallRecord();

const addMany = async (input: IDataObject[], extra: IDataObject = {}, continueOnFail = true) =>
	await node.run(
		{ operation: 'addMany', dataMode: 'autoMap', ...extra },
		{ input, continueOnFail },
	);
const held = (origId: string) => state().cdrs.all.filter((c) => c.orig_id === origId);
const sentRows = () => cdrPosts().flatMap((r) => r.body as IDataObject[]);

describe('Add Many: an orig_id the platform holds is ours only when an earlier try may have stored it', () => {
	test.each(['http429'] as const)(
		'after a %s (throttled: nothing applied), an orig_id another call holds is a duplicate, not stored',
		async (fault) => {
			await addMany([cdr({ orig_id: 'taken', destination: '0311110000' })]);
			node.sim().faults.push(fault);
			const result = await addMany([
				cdr({ orig_id: 'taken', destination: '0399998888' }),
				cdr({ orig_id: 'fresh' }),
			]);
			expect(jsonOf(result)).toEqual([
				{ error: 'CDR ID already exists', yourid: 'taken' },
				{ success: true, yourid: 'fresh', id: expect.any(String) },
			]);
			expect(held('taken')).toEqual([expect.objectContaining({ destination: '0311110000' })]);
		},
	);

	test.each(['reset', 'http503'] as const)(
		'after a %s (the outcome unknown: a gateway may answer 503 after the platform stored), an orig_id already held is reported as maybe ours, never as stored',
		async (fault) => {
			await addMany([cdr({ orig_id: 'taken', destination: '0311110000' })]);
			node.sim().faults.push(fault);
			const result = await addMany(
				[cdr({ orig_id: 'taken', destination: '0399998888' })],
				{},
				false,
			);
			expect(result.error?.message).toBe('CDR ID already exists (orig_id taken)');
			expect(result.error?.description).toMatch(
				/may be the one an earlier try stored.*or another call’s/,
			);
			expect(held('taken')).toEqual([expect.objectContaining({ destination: '0311110000' })]);
		},
	);

	test('a batch whose answer was cut short (it ran): its rows are reported as maybe stored by that try, not as stored', async () => {
		node.sim().faults.push('truncated200');
		const result = await addMany([cdr({ orig_id: 'tr-1' }), cdr({ orig_id: 'tr-2' })]);
		expect(jsonOf(result)).toEqual([
			{ error: 'CDR ID already exists', yourid: 'tr-1', maybeStoredByEarlierTry: true },
			{ error: 'CDR ID already exists', yourid: 'tr-2', maybeStoredByEarlierTry: true },
		]);
		expect(held('tr-1')).toHaveLength(1);
		expect(held('tr-2')).toHaveLength(1);
	});
});

test('Add Many: a reset after the write (stored, answer lost): held once, maybe ours; a duplicate with Treat Duplicate as Success', async () => {
	node.sim().faults.push('resetAfterWrite');
	const result = await addMany([cdr({ orig_id: 'rw-1' })], { treatDuplicateAsSuccess: true });
	expect(jsonOf(result)).toEqual([
		{ success: true, duplicate: true, yourid: 'rw-1', maybeStoredByEarlierTry: true },
	]);
	expect(held('rw-1')).toHaveLength(1);
	expect(cdrPosts()).toHaveLength(2);
});

describe('Add Many: one orig_id twice in a run', () => {
	test('a second call with the same orig_id and other fields is refused as a duplicate of the first item, never sent', async () => {
		const result = await addMany(
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
		expect(sentRows()).toHaveLength(1);
		expect(held('twice')).toEqual([expect.objectContaining({ destination: '0311110000' })]);
	});

	test('the same call twice: sent once; with Treat Duplicate as Success the second is a duplicate of the first', async () => {
		const result = await addMany([cdr({ orig_id: 'same' }), cdr({ orig_id: 'same' })], {
			treatDuplicateAsSuccess: true,
		});
		expect(jsonOf(result)).toEqual([
			{ success: true, yourid: 'same', id: expect.any(String) },
			{ success: true, duplicate: true, yourid: 'same', duplicateOfItem: 0 },
		]);
		expect(sentRows()).toHaveLength(1);
	});

	test('without Continue On Fail, a repeated orig_id stops the node before anything is sent', async () => {
		const result = await addMany([cdr({ orig_id: 'r' }), cdr(), cdr({ orig_id: 'r' })], {}, false);
		expect(result.error?.message).toMatch(/^Original ID \(orig_id\) r is already item 0’s/);
		expect(result.error?.context?.itemIndex).toBe(2);
		expect(node.sim().requests).toEqual([]);
	});
});

describe('Add Many: orig_id is text, as the spec types it', () => {
	test('a number (a spreadsheet column) is sent as its decimal text', async () => {
		const result = await addMany([cdr({ orig_id: 20261120000001 })], {}, false);
		expect(result.error).toBeUndefined();
		expect(sentRows()[0].orig_id).toBe('20261120000001');
		expect(jsonOf(result)).toEqual([
			{ success: true, yourid: '20261120000001', id: expect.any(String) },
		]);
	});

	test.each([2 ** 60, 12.5, 1e21])(
		'a number that is not an exact whole number (%s) is refused before anything is sent',
		async (origId) => {
			const result = await addMany([cdr({ orig_id: origId })], {}, false);
			expect(result.error?.message).toMatch(
				/^Original ID \(orig_id\) .* is not an exact whole number: give it as text/,
			);
			expect(node.sim().requests).toEqual([]);
		},
	);

	test('the other text fields the spec types as strings are sent as text', async () => {
		await addMany([cdr({ application: 42, disposition: 7, destination_info: 3 })], {}, false);
		expect(sentRows()[0]).toMatchObject({
			application: '42',
			disposition: '7',
			destination_info: '3',
		});
	});
});

describe('Add Many: the error of a refused record', () => {
	test('says which records of its batch were stored, those after it too', async () => {
		await addMany([cdr({ orig_id: 'held' })]);
		const result = await addMany(
			[
				cdr({ orig_id: 'm-1' }),
				cdr({ orig_id: 'held' }),
				cdr({ orig_id: 'm-3' }),
				cdr({ orig_id: 'm-4' }),
			],
			{ batchSize: 10 },
			false,
		);
		expect(result.error?.message).toBe('CDR ID already exists (orig_id held)');
		expect(result.error?.description).toMatch(
			/Of its batch \(items 0–3\) the platform stored items 0, 2–3 and refused item 1\./,
		);
		expect(state().cdrs.all.map((c) => c.orig_id)).toEqual(['held', 'm-1', 'm-3', 'm-4']);
	});
});
