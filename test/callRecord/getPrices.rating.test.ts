import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import type { RateCard, RateItem } from '../simulator/catalog';
import { jsonOf, useNode } from '../harness/nodeRunner';
const node = useNode(new TelcoBillingCallRecord());
function item(ctid: number, values: Partial<RateItem>): RateItem {
	return {
		id: 0,
		ctgid: 0,
		ctid,
		fixedrate: 0,
		ratepermin: 0,
		flagfall: 0,
		min_cost: 0,
		max_cost: 0,
		free_seconds: 0,
		name: `rate ${ctid}`,
		min_callpackusage: -1,
		max_callpackusage: -1,
		internal_code: '',
		direction: 'outbound',
		...values,
	};
}
/**
 * A rate card of the test's own, on a service with its own number, so every price below is worked out
 * by hand.
 */
function useCard(number: string, increment: number | null, items: RateItem[]): void {
	const state = node.sim().state;
	const ctgid = 100 + state.rateCards.length;
	const card: RateCard = {
		ctgid,
		deptid: 1,
		name: `Test ${ctgid}`,
		active: 1,
		billing_increment: increment,
		tags: '',
		international_markup_percent: 0,
		callTypes: items.map((i) => ({ ...i, ctgid })),
		date_created: '',
		date_modified: '',
	};
	state.rateCards.push(card);
	state.services.push({
		...state.services[0],
		id: 70000 + ctgid,
		service_num: number,
		call_rates_id: ctgid,
		date_ended: null,
		parent_id: null,
	});
}
const cases: Array<{
	name: string;
	card: [number | null, RateItem[]];
	cdr: IDataObject;
	price: number | null;
	ratecode?: string;
}> = [
	// Per minute 0.18, flagfall 0.10, 60 s increments.
	{
		name: '61 s rounds up to 2 minutes: 2 × 0.18 + 0.10',
		card: [60, [item(2, { ratepermin: 0.18, flagfall: 0.1 })]],
		cdr: { destination: '0411111111', billsec: 61 },
		price: 0.46,
		ratecode: 'MOB',
	},
	{
		name: 'exactly 60 s is one minute: 0.18 + 0.10',
		card: [60, [item(2, { ratepermin: 0.18, flagfall: 0.1 })]],
		cdr: { destination: '0411111111', billsec: 60 },
		price: 0.28,
	},
	{
		name: '1 s still bills a whole increment',
		card: [60, [item(2, { ratepermin: 0.18, flagfall: 0.1 })]],
		cdr: { destination: '0411111111', billsec: 1 },
		price: 0.28,
	},
	{
		name: '30 s increments: 31 s is 60 s at 0.20/min',
		card: [30, [item(2, { ratepermin: 0.2 })]],
		cdr: { destination: '0411111111', billsec: 31 },
		price: 0.2,
	},
	{
		name: '30 s increments: 29 s is 30 s at 0.20/min',
		card: [30, [item(2, { ratepermin: 0.2 })]],
		cdr: { destination: '0411111111', billsec: 29 },
		price: 0.1,
	},
	{
		name: 'increment 0 means the 60 s default',
		card: [0, [item(2, { ratepermin: 0.3 })]],
		cdr: { destination: '0411111111', billsec: 61 },
		price: 0.6,
	},
	{
		name: 'free seconds come off first: 65 s − 5 s free, per second, 0.12/min',
		card: [1, [item(2, { ratepermin: 0.12, free_seconds: 5 })]],
		cdr: { destination: '0411111111', billsec: 65 },
		price: 0.12,
	},
	{
		name: 'a call inside its free seconds costs only the flagfall',
		card: [1, [item(2, { ratepermin: 0.12, free_seconds: 5, flagfall: 0.05 })]],
		cdr: { destination: '0411111111', billsec: 4 },
		price: 0.05,
	},
	{
		name: 'fixed rate: flagfall + the flat rate, whatever the length',
		card: [60, [item(1, { fixedrate: 1, ratepermin: 0.22, flagfall: 0.03 })]],
		cdr: { destination: '0398765432', billsec: 3600 },
		price: 0.25,
		ratecode: 'LOC',
	},
	{
		name: 'minimum cost lifts a cheap call: 0.05 → 0.30',
		card: [60, [item(2, { ratepermin: 0.05, min_cost: 0.3 })]],
		cdr: { destination: '0411111111', billsec: 30 },
		price: 0.3,
	},
	{
		name: 'maximum cost caps a long call: 60 × 1.20 + 0.25 → 20',
		card: [60, [item(3, { ratepermin: 1.2, flagfall: 0.25, min_cost: 0.5, max_cost: 20 })]],
		cdr: { destination: '00114420799999', billsec: 3600 },
		price: 20,
		ratecode: 'INT',
	},
	{
		name: 'priority: International (20) wins over Any Outbound (1)',
		card: [60, [item(3, { ratepermin: 1 }), item(7, { ratepermin: 9 })]],
		cdr: { destination: '0011331234', billsec: 60 },
		price: 1,
		ratecode: 'INT',
	},
	{
		name: 'priority with application: Voicemail (30) wins over Mobile (10) for a voicemail call',
		card: [60, [item(2, { ratepermin: 0.18 }), item(6, { fixedrate: 1, ratepermin: 0.02 })]],
		cdr: { destination: '0411111111', billsec: 40, application: 'voicemail' },
		price: 0.02,
		ratecode: 'VM',
	},
	{
		name: 'an unanswered call (billsec 0) costs nothing',
		card: [60, [item(2, { ratepermin: 0.18, flagfall: 0.1 })]],
		cdr: { destination: '0411111111', billsec: 0, disposition: 'NO_ANSWER' },
		price: 0,
	},
	{
		name: 'a private caller is still rated by its A party',
		card: [60, [item(2, { ratepermin: 0.18 })]],
		cdr: { destination: '0411111111', billsec: 120, privacy_flag: 1 },
		price: 0.36,
	},
	{
		name: 'a call type the card has no rate for is not billed',
		card: [60, [item(1, { ratepermin: 1 })]],
		cdr: { destination: '0411111111', billsec: 60 },
		price: null,
	},
];

describe.each(cases)('$name', ({ card, cdr, price, ratecode }) => {
	test('the node imports it and Get Prices reads the hand-worked price', async () => {
		const number = `0255${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
		useCard(number, ...card);
		const added = await node.run(
			{ operation: 'addMany', dataMode: 'autoMap' },
			{
				input: [
					{
						orig_id: `r-${number}`,
						startdate: '2026-11-20 10:00:00',
						callerid: number,
						direction: 'outbound',
						...cdr,
					},
				],
			},
		);
		const id = String(jsonOf(added)[0].id);
		const priced = await node.run({ operation: 'getPrices', billedCallId: id });
		if (price === null) {
			expect(jsonOf(priced)).toEqual([{ id, matched: false, error: 'no billed call found' }]);
		} else {
			expect(jsonOf(priced)[0]).toMatchObject({
				id,
				price,
				matched: true,
				...(ratecode ? { ratecode } : {}),
			});
		}
	});
});

test('a private caller’s A party is hidden wherever the CDR is shown, yet it was rated', async () => {
	await node.run(
		{ operation: 'add', dataMode: 'autoMap' },
		{
			input: [
				{
					orig_id: 'priv-1',
					startdate: '2026-11-20 10:00:00',
					callerid: '0412346601',
					direction: 'outbound',
					destination: '0411111111',
					billsec: 60,
					privacy_flag: 1,
				},
			],
		},
	);
	const stored = node.sim().state.cdrs.all[0];
	const shown = (await (
		await fetch(`${node.sim().url}/__simulator/cdrs?source=demo-switch`)
	).json()) as { cdrs: Array<{ orig_id: string; callerid: string }> };
	expect(shown.cdrs).toEqual([expect.objectContaining({ orig_id: 'priv-1', callerid: 'PRIVATE' })]);
	expect(node.sim().state.cdrs.billed.get(String(stored.id))?.price).toBe('0.2800');
});
