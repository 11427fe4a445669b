import { useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

describe('Service: early termination', () => {
	test('Apply ETF for Many takes an array from an expression', async () => {
		const ids = state()
			.services.slice(0, 2)
			.map((s) => s.id);
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
			service('applyEtfMany', { serviceIds: `${a.id}, 99999, ${b.id}` }),
		);
		expect(result.error?.message).toBe(
			`service not found (enid 99999; 2 of 3 records succeeded; the fee was applied to enid ${a.id}, ` +
				`${b.id}; not applied to enid 99999: run again only for those)`,
		);
	});

	test('under Continue On Fail each service is its own item: charged, or an error naming it', async () => {
		const [a, b] = state().services.slice(0, 2);
		const result = await node.run(
			service('applyEtfMany', { serviceIds: `${a.id}, 99999, ${b.id}` }),
			{ continueOnFail: true },
		);
		expect(jsonOf(result)).toEqual([
			{ success: true, enid: a.id },
			{ error: 'service not found', enid: 99999 },
			{ success: true, enid: b.id },
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
	});
});
