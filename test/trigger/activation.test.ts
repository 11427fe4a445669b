import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { PollingTrigger } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { events, summary, useTrigger } from '../kits/trigger';
const { node, bulk, audience, trigger } = useTrigger();

// n8n runs an activation's first poll itself: if it throws, the activation fails and n8n retries it later
// (doubling the wait, up to 24 h) without telling anyone, while the workflow looks active.
describe('activation while the platform fails', () => {
	test.each([
		['an HTTP 500', 'http500', /^HTTP 500 from the billing platform/],
		['a dropped connection', 'drop', /billing platform/],
		['invalid key', 'invalidKey', /^The platform answered "invalid key": check the API key/],
	] as const)(
		'with stored state, %s at the first poll returns nothing; the next poll fails ' +
			'clearly; then every change comes once',
		async (_name, fault, message) => {
			const poller = trigger({ events: ['newCampaign'] });
			await events(poller);
			const c = bulk().create(1, 'while n8n was down', 'x', audience(1), null);
			poller.restart();
			// A dropped connection is tried 5 times (nodes/shared/retry.ts): it must last for all of them.
			const push = () =>
				node.sim().faults.push(...Array.from({ length: fault === 'drop' ? 5 : 1 }, () => fault));
			push();
			expect(await poller.poll()).toBeNull();
			push();
			await expect(poller.poll()).rejects.toThrow(message);
			expect(summary(await events(poller))).toEqual([`newCampaign ${c.id} null→queued`]);
		},
	);

	test('with stored state, an unreachable platform at the first poll returns nothing; the next poll fails clearly', async () => {
		const reachable = trigger({ events: ['newCampaign'] });
		await events(reachable);
		// Port 1 on this host: nothing listens there.
		const unreachable = new PollingTrigger(
			new TelcoBillingTrigger(),
			{ events: ['newCampaign'] },
			{ baseUrl: 'http://127.0.0.1:1', apiKey: DEMO_KEY },
		);
		unreachable.restart(reachable.savedStaticData);
		expect(await unreachable.poll()).toBeNull();
		await expect(unreachable.poll()).rejects.toThrow(/connection refused/);
		expect(unreachable.staticData).toEqual(reachable.savedStaticData);
	});

	test('the first activation ever (nothing stored) fails at once, so a wrong credential shows', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		node.sim().faults.push('invalidKey');
		await expect(poller.poll()).rejects.toThrow(
			/^The platform answered "invalid key": check the API key/,
		);
	});

	test('only the first poll of an activation is spared: a failure after a good poll fails', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		poller.restart();
		await events(poller);
		node.sim().faults.push('http500');
		await expect(poller.poll()).rejects.toThrow(/^HTTP 500/);
	});

	test('the editor’s test event still fails at once', async () => {
		const poller = trigger({ events: ['newCampaign'] });
		await events(poller);
		poller.restart();
		node.sim().faults.push('http500');
		await expect(poller.poll('manual')).rejects.toThrow(/^HTTP 500/);
	});
});
