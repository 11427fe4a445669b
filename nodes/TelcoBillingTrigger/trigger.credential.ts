import type { IPollFunctions } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import { digest } from '../TelcoBillingReportTrigger/reportTrigger.digest';
import type { Observation, TriggerState } from './trigger.logic';
import type { ListedMemory } from './trigger.seen';

/**
 * A short fingerprint of the credential a trigger polls with, its URL and key: what the trigger's memory was
 * taken with. 3 characters (18 bits): enough to see that the credential changed, too little to find a key by.
 */
export async function credentialMark(context: IPollFunctions): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const url = String(credentials.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	return digest(`${url}\u0000${String(credentials.apiKey ?? '').trim()}`, 3);
}

/**
 * Whether what a poll with a changed credential saw is of the department the memory is of; the platform has no
 * way to ask which department a key is. A key shows only its department's records (the spec), and a campaign id
 * names one campaign of one department (another department's answers `not_found`): a campaign remembered that
 * the new key lists or reads proves the same department, and none proves another. Without campaigns to tell by,
 * the CDR feeds: a feed's name is its department's, and a feed never goes back; every feed remembered that the
 * new key lists is at or past its remembered date, and at least one is listed. With nothing remembered to tell
 * by, it is not the same: a new baseline, never one department's records compared with another's.
 */
export function sameDepartment(
	state: TriggerState,
	memory: ListedMemory | undefined,
	observation: Observation,
	watchesCampaigns: boolean,
): boolean {
	const campaigns = new Set([...(memory?.ids ?? []), ...Object.keys(state.inFlight).map(Number)]);
	if (watchesCampaigns && campaigns.size > 0)
		return (
			observation.listed.some((id) => campaigns.has(id)) ||
			[...observation.campaigns.keys()].some((id) => campaigns.has(id))
		);
	const feeds = Object.keys(state.sources).filter((source) => observation.imported.has(source));
	return (
		feeds.length > 0 &&
		feeds.every(
			(source) => observation.imported.get(source)! >= getOwn(state.sources, source)!.imported,
		)
	);
}
