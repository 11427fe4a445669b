import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, run } = useCrm();

describe('Timeline Entry', () => {
	test('a note and an event on a customer, then the timeline lists them; an entry can be edited', async () => {
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'note',
			title: 'Called',
			description: 'Asked about NBN',
		});
		const event = await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'Install',
			description: 'Technician visit',
			event_date: '2026-12-01T09:30:00',
		});
		const id = jsonOf(event)[0].id as number;
		await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'Install (moved)',
			description: 'Technician visit',
			event_date: '2026-12-02T09:30:00',
			id,
		});
		const list = await run('timeline', 'getAll', {
			module: 'customers',
			recordId: '1001',
			returnAll: true,
		});
		expect(jsonOf(list)).toEqual([
			expect.objectContaining({ title: 'Called', category: 'note', event_date: null }),
			expect.objectContaining({
				id,
				title: 'Install (moved)',
				category: 'event',
				event_date: '2026-12-02 09:30:00',
			}),
		]);
	});
	test('an event needs its date, before any request', async () => {
		const result = await run('timeline', 'upsert', {
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'X',
			description: 'Y',
		});
		expect(result.error?.message).toBe('Event Date (event_date) is required for an event');
		expect(node.sim().requests).toEqual([]);
	});
});
