import { ETF_DATE, useService } from '../kits/service';
import { earlyTermination } from '../simulator/routes/services';
const { node, service, state } = useService();

// Review: under Continue, Retry On Fail makes n8n run the node again when its first output item is an error.
// Apply ETF for Many gives one item per service: a first service the platform refuses is an error item, and the
// others were charged. The next try must not charge them again.

const etfCharges = (enid: number) =>
	state().serviceCharges.filter((c) => c.enid === enid && c.kind === 'etf');

test.each([['continueRegularOutput'], ['continueErrorOutput']] as const)(
	'a fee applied beside a refused first service is not applied again by Retry On Fail (%s)',
	async (onError) => {
		const [charged] = state().services.filter(
			(s) => Number(earlyTermination(state(), s, ETF_DATE).etf) > 0,
		);
		expect(charged).toBeDefined();
		await node.run(
			service('applyEtfMany', { serviceIds: `99999, ${charged.id}`, date: ETF_DATE }),
			{
				onError,
				settings: { retryOnFail: true, maxTries: 3 },
			},
		);
		expect(etfCharges(charged.id)).toHaveLength(1);
		expect(node.sim().handled.filter((r) => r.url.includes('/doMultipleETF')).length).toBe(1);
	},
);
