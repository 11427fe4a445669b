import { ETF_DATE, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
import { earlyTermination } from '../simulator/routes/services';
const { node, service, state } = useService();

describe('Service: early termination', () => {
	test('Apply ETF for Many takes an array from an expression', async () => {
		const ids = state()
			.services.slice(0, 2)
			.map((s) => s.id);
		// No Date: the path goes without it, and the platform takes today's.
		const result = await node.run(service('applyEtfMany', { serviceIds: '={{ $json.ids }}' }), {
			input: [{ ids }],
		});
		expect(jsonOf(result)).toEqual(ids.map((enid) => ({ success: true, enid })));
		expect(node.sim().requests[0].url).toMatch(/\/services\/doMultipleETF$/);
	});
});

describe('Apply ETF for Many when the platform fails some services', () => {
	test('the error names the services charged and those not, so a re-run charges no one twice', async () => {
		const [a, b] = state().services.slice(0, 2);
		const result = await node.run(
			service('applyEtfMany', { serviceIds: `${a.id}, 99999, ${b.id}`, date: ETF_DATE }),
		);
		expect(result.error?.message).toBe(
			`service not found (enid 99999; 2 of 3 records succeeded; the fee was applied to enid ${a.id}, ` +
				`${b.id}; not applied to enid 99999: run again only for those)`,
		);
	});

	test('under Continue On Fail each service is its own item: charged, or an error naming it', async () => {
		const [a, b] = state().services.slice(0, 2);
		const result = await node.run(
			service('applyEtfMany', { serviceIds: `${a.id}, 99999, ${b.id}`, date: ETF_DATE }),
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, enid: a.id },
			{
				error: 'service not found',
				enid: 99999,
				note: `the fee was applied to enid ${a.id}, ${b.id}; not applied to enid 99999: run again only for those`,
			},
			{ success: true, enid: b.id },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});
});

describe('Apply ETF for Many with a service listed more than once', () => {
	const etfCharges = (enid: number) =>
		state().serviceCharges.filter((c) => c.enid === enid && c.kind === 'etf');
	// Services in contract on ETF_DATE: applying their fee adds a charge.
	const inContract = () =>
		state().services.filter((s) => Number(earlyTermination(state(), s, ETF_DATE).etf) > 0);

	test('a service listed twice in one item is charged once; the output says which entry was the repeat', async () => {
		const [a, b] = inContract();
		const result = await node.run(
			service('applyEtfMany', { serviceIds: `${a.id}, ${b.id}, ${a.id}`, date: ETF_DATE }),
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, enid: a.id },
			{ success: true, enid: b.id },
			{
				enid: a.id,
				repeat: true,
				description: `Listed again: the fee for enid ${a.id} was applied once, by item 0`,
			},
		]);
		expect(etfCharges(a.id)).toHaveLength(1);
		expect(etfCharges(b.id)).toHaveLength(1);
		const sent = node.sim().requests.filter((r) => r.url.includes('/doMultipleETF'));
		expect(sent.map((r) => r.body)).toEqual([[a.id, b.id]]);
	});

	test('a service listed by two items of one run is charged once, by the first item', async () => {
		const [a, b, c] = inContract();
		const result = await node.run(
			service('applyEtfMany', { serviceIds: '={{ $json.ids }}', date: ETF_DATE }),
			{
				input: [{ ids: [a.id, b.id] }, { ids: [String(b.id), c.id] }, { ids: `${a.id}` }],
			},
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, enid: a.id },
			{ success: true, enid: b.id },
			{
				enid: b.id,
				repeat: true,
				description: `Listed again: the fee for enid ${b.id} was applied once, by item 0`,
			},
			{ success: true, enid: c.id },
			{
				enid: a.id,
				repeat: true,
				description: `Listed again: the fee for enid ${a.id} was applied once, by item 0`,
			},
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 2 },
		]);
		for (const s of [a, b, c]) expect(etfCharges(s.id)).toHaveLength(1);
		// Item 2 listed only a repeat: nothing was sent for it.
		expect(node.sim().requests.filter((r) => r.url.includes('/doMultipleETF'))).toHaveLength(2);
	});
});
