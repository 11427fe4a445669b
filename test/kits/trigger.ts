import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { sampleCdr } from '../simulator/sampleCdr';
import { PollingTrigger } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';

export const ALL_CAMPAIGN_EVENTS = ['newCampaign', 'campaignStatusChanged', 'campaignFinished'];

export async function events(
	poller: PollingTrigger,
	mode: 'trigger' | 'manual' = 'trigger',
): Promise<IDataObject[]> {
	const result = await poller.poll(mode);
	return result ? result[0].map((i) => i.json) : [];
}

export const summary = (list: IDataObject[]) =>
	list.map((e) =>
		e.campaign
			? `${e.event} ${(e.campaign as IDataObject).id} ${String(e.previousStatus)}→${(e.campaign as IDataObject).status}`
			: `${e.event} ${e.source} ${String(e.previousDate)}→${e.latest_date}`,
	);

export function melbourneHoursAgo(hours: number): string {
	return melbourneWallTime(new Date(Date.now() - hours * 3_600_000));
}

/**
 * A simulator per test (so each trigger test file shares none) and the trigger and platform moves the
 * tests use.
 */
export function useTrigger() {
	const node = useNode(new TelcoBillingTrigger(), { bulkEmail: { perRun: 10, failEvery: 0 } });
	const state = () => node.sim().state;
	return {
		node,
		state,
		bulk: () => state().bulkEmail,
		audience: (n: number) =>
			state()
				.customers.filter((c) => c.deptid === 1 && c.active && c.email)
				.slice(0, n),
		trigger: (parameters: INodeParameters, apiKey = DEMO_KEY) =>
			new PollingTrigger(new TelcoBillingTrigger(), parameters, {
				baseUrl: node.sim().url,
				apiKey,
			}),
		appendCdr(startdate: string, source = 'demo-switch'): void {
			state().cdrs.insert(source, 1, sampleCdr(`t-${Math.random()}`, startdate));
			state().cdrs.afterImport();
		},
	};
}
