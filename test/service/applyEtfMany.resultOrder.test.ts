import { ETF_DATE, useService } from '../kits/service';
import { earlyTermination } from '../simulator/routes/services';
import { reorderingProxy } from '../harness/reorderProxy';
const { node, service, state } = useService();

const inContract = () =>
	state().services.filter((s) => Number(earlyTermination(state(), s, ETF_DATE).etf) > 0);
const etfCharges = (enid: number) =>
	state().serviceCharges.filter((c) => c.enid === enid && c.kind === 'etf');

/**
 * doMultipleETF answers "Array of {success, enid}": each result names its service; the spec does not say
 * the array keeps the request's order. applyFees (service.operations.ts) reads `answers[at]` as the result
 * of `send[at]` and notes the fee applied for the id at that position, not for the result's enid. With an
 * answer in another order (reversed here by a pass-through proxy), the service that was charged is not
 * noted, and a later item of the same run that lists it charges it a second time.
 */
test('Apply ETF for Many charges a service once per run even when the answer is in another order', async () => {
	const [a] = inContract();
	const proxy = await reorderingProxy(
		() => node.sim().url,
		(method, url) => method === 'POST' && url.includes('/doMultipleETF'),
	);
	try {
		await node.run(service('applyEtfMany', { serviceIds: '={{ $json.ids }}', date: ETF_DATE }), {
			input: [{ ids: `${a.id}, 99999` }, { ids: `${a.id}` }],
			continueOnFail: true,
			baseUrl: proxy.url,
		});
		// Paired by position: item 0 charged a (the output even says so), item 1 sends a again: two fees.
		expect(etfCharges(a.id)).toHaveLength(1);
	} finally {
		await proxy.close();
	}
});

test.each([
	['names one service twice', (list: unknown[]) => [list[0], list[0]], /two results for enid/],
	['leaves one out', (list: unknown[]) => list.slice(0, 1), /without a result for enid/],
	[
		'names a service not sent',
		(list: unknown[]) => [{ ...(list[0] as object), enid: 12345 }, list[1]],
		/result for enid 12345, which was not sent/,
	],
])(
	'an answer that %s is a failure whose outcome is unknown, and the services are not sent again',
	async (_, rearrange, message) => {
		const [a, b] = inContract();
		const proxy = await reorderingProxy(() => node.sim().url, undefined, rearrange);
		try {
			const result = await node.run(
				service('applyEtfMany', { serviceIds: '={{ $json.ids }}', date: ETF_DATE }),
				{
					input: [{ ids: `${a.id}, ${b.id}` }, { ids: `${a.id}` }],
					continueOnFail: true,
					baseUrl: proxy.url,
				},
			);
			const [first, second] = result.items.map((item) => item.json);
			expect(first).toMatchObject({ error: expect.stringMatching(message) });
			expect(second).toMatchObject({
				error: expect.stringMatching(/may have been applied by item 0/),
			});
			expect(etfCharges(a.id)).toHaveLength(1);
			expect(etfCharges(b.id)).toHaveLength(1);
		} finally {
			await proxy.close();
		}
	},
);

test('without Continue On Fail the error says the fees may or may not have been applied', async () => {
	const [a, b] = inContract();
	const proxy = await reorderingProxy(
		() => node.sim().url,
		undefined,
		(list) => [list[0], list[0]],
	);
	try {
		const result = await node.run(
			service('applyEtfMany', { serviceIds: `${a.id}, ${b.id}`, date: ETF_DATE }),
			{
				baseUrl: proxy.url,
			},
		);
		expect(result.error?.description).toMatch(/may or may not have been carried out/);
	} finally {
		await proxy.close();
	}
});
