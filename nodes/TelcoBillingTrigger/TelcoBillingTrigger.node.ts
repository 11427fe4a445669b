import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { labelSubtitle } from '../shared/tableNode/describe';
import { toSafeError } from '../shared/output/errors';
import { loadOptions } from '../shared/methods/loaders';
import { splitList } from '../shared/input/rules';
import { calendarNow } from '../shared/transport/clock';
import { CREDENTIAL_TYPE, secretsOfRequest } from '../shared/transport/transport';
import { CAMPAIGN_EVENTS, observe } from './trigger.fetch';
import { claimActivation, exclusively, firstOfActivation, superseded } from './trigger.runs';
import type { Reading, Watch } from './trigger.fetch';
import { credentialMark, sameDepartment } from './trigger.credential';
import { triggerFields } from './trigger.fields';
import { nextListed, readListed } from './trigger.seen';
import type { ListedMemory } from './trigger.seen';
import { baseline, diff, FINISHED } from './trigger.logic';
import type { Emitted, Observation, Settings, TriggerEvent, TriggerState } from './trigger.logic';

function item(emitted: Emitted, observedAt: string): INodeExecutionData {
	const json: IDataObject = { event: emitted.event, observedAt };
	if (emitted.campaign) {
		json.campaign = emitted.campaign;
		json.previousStatus = emitted.previousStatus ?? null;
	}
	if (emitted.source) {
		json.source = emitted.source.source;
		json.latest_date = emitted.source.latest_date;
		json.previousDate = emitted.previousDate ?? null;
	}
	if (emitted.staleHours !== undefined) json.staleHours = emitted.staleHours;
	return { json };
}

/** The newest campaign read that can stand for a campaign event, if any. */
function campaignExample(
	event: TriggerEvent,
	campaigns: IDataObject[],
	settings: Settings,
): IDataObject | undefined {
	if (event === 'newCampaign') return campaigns[0];
	if (event === 'campaignStatusChanged')
		return campaigns.find(
			(c) => settings.statuses.length === 0 || settings.statuses.includes(String(c.status)),
		);
	if (event === 'campaignFinished')
		return campaigns.find((c) => FINISHED.includes(String(c.status)));
	return undefined;
}

const newestFirst = (observation: Observation) =>
	[...observation.campaigns.values()].sort((a, b) => Number(b.id) - Number(a.id));

/**
 * Whether the campaigns read so far hold an example of each chosen campaign event: Fetch Test Event reads the
 * campaign list only that far (the newest campaign is on the first page), never as a baseline does.
 */
function sampled(observation: Observation, settings: Settings): boolean {
	const campaigns = newestFirst(observation);
	return settings.events
		.filter((event) => CAMPAIGN_EVENTS.includes(event))
		.every((event) => campaignExample(event, campaigns, settings) !== undefined);
}

/** Manual mode: the latest real example of each chosen event, from what the platform has now. */
function examples(observation: Observation, settings: Settings): Emitted[] {
	const campaigns = newestFirst(observation);
	const sources = [...observation.imported].sort(([, a], [, b]) => b.localeCompare(a));
	const out: Emitted[] = [];
	for (const event of settings.events) {
		const campaign = campaignExample(event, campaigns, settings);
		if (campaign && event === 'newCampaign') out.push({ event, campaign });
		else if (campaign) out.push({ event, campaign, previousStatus: null });
		if (event === 'cdrsImported' && sources[0])
			out.push({
				event,
				source: { source: sources[0][0], latest_date: sources[0][1] },
				previousDate: null,
			});
		if (event === 'cdrsRated') {
			const rated = [...observation.rated].sort(([, a], [, b]) => b.localeCompare(a))[0];
			if (rated)
				out.push({
					event,
					source: { source: rated[0], latest_date: rated[1] },
					previousDate: null,
				});
		}
		if (event === 'cdrFeedStale') {
			const stale = baseline(observation, settings).sources;
			const found = sources.find(([source]) => stale[source]?.stale);
			if (found)
				out.push({
					event,
					source: { source: found[0], latest_date: found[1] },
					previousDate: null,
					staleHours: settings.staleHours,
				});
		}
	}
	return out;
}

export class TelcoBillingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Trigger',
		name: 'telcoBillingTrigger',
		icon: {
			light: 'file:../../icons/trigger.svg',
			dark: 'file:../../icons/trigger.dark.svg',
		},
		group: ['trigger'],
		version: 1,
		subtitle: labelSubtitle('events', triggerFields[0].options),
		description:
			'Starts a workflow when bulk email campaigns change, when CDRs are imported or ' +
			'rated, and when a CDR feed stalls',

		defaults: { name: 'Telco Billing Trigger' },
		polling: true,
		usableAsTool: undefined,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: triggerFields,
	};

	methods = { loadOptions };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const settings: Settings = {
			events: this.getNodeParameter('events', []) as TriggerEvent[],
			statuses: this.getNodeParameter('statuses', []) as string[],
			staleHours: Number(this.getNodeParameter('staleHours', 2)),
		};
		const watch: Watch = {
			events: settings.events,
			campaignIds: splitList(options.campaignIds).map(Number),
			sources: (options.sources as string[] | undefined) ?? [],
			timeout: Number(options.timeout ?? 30) * 1000,
		};
		if (this.getMode() === 'manual') {
			// The editor's test event reads and never writes the state: it needs no turn.
			const observation = await observeSafely(this, undefined, watch, undefined, {
				sampled: (read) => sampled(read, settings),
			});
			if (observation instanceof Error) throw observation;
			const found = examples(observation, settings);
			const observedAt = new Date(calendarNow()).toISOString();
			return found.length ? [found.map((e) => item(e, observedAt))] : null;
		}
		claimActivation(this);
		return await exclusively(this, async () => await track(this, settings, watch));
	}
}

/** Reads the platform; a failure comes back as the error the user may see, with the key kept out. */
async function observeSafely(
	context: IPollFunctions,
	stored: TriggerState | undefined,
	watch: Watch,
	memory?: ListedMemory,
	reading?: Reading,
): Promise<Observation | Error> {
	try {
		return await observe(context, stored, watch, memory, reading);
	} catch (error) {
		return toSafeError(context.getNode(), error, 0, await secretsOfRequest(context));
	}
}

/** An active workflow's poll: what changed since the stored state, each change once. */
async function track(
	context: IPollFunctions,
	settings: Settings,
	watch: Watch,
): Promise<INodeExecutionData[][] | null> {
	const data = context.getWorkflowStaticData('node');
	const stored = data.state as TriggerState | undefined;
	// The campaigns listed before (trigger.seen.ts), checked; none with a state from before it was kept.
	const memory = stored ? readListed(data.listed) : undefined;
	// The credential the state was taken with (a state from before it was kept: this one). Another one (a key
	// rotated, or another department's) reads as a baseline would, to keep the state or start afresh.
	const credential = await credentialMark(context);
	const switched = stored !== undefined && typeof data.of === 'string' && data.of !== credential;
	const first = firstOfActivation(context);
	const observation = await observeSafely(context, stored, watch, memory, {
		asBaseline: switched,
	});
	if (observation instanceof Error) {
		// n8n runs an activation's first poll itself; if it throws, the activation fails and n8n retries it
		// silently for up to a day. With a state to resume from, nothing is lost by waiting: the next poll
		// runs as a regular execution, whose failure the user sees. Without one (the first activation ever)
		// failing at once is what shows a wrong credential.
		if (!first || !stored) throw observation;
		context.logger.warn(
			`Telco Billing Trigger: the billing platform could not be polled at activation; the next poll tries again: ${observation.message}`,
		);
		return null;
	}
	const observedAt = new Date(calendarNow()).toISOString();
	const watchesCampaigns = settings.events.some((event) => CAMPAIGN_EVENTS.includes(event));
	const kept =
		stored && (!switched || sameDepartment(stored, memory, observation, watchesCampaigns))
			? stored
			: undefined;
	if (stored && !kept)
		context.logger.info(
			'Telco Billing Trigger: the credential changed to one whose department shows nothing the trigger ' +
				'remembers; it starts afresh',
		);
	const { events, next } = kept
		? diff(kept, observation, settings)
		: { events: [], next: baseline(observation, settings) };
	// Compare-and-set: a poll that overlapped this one may have moved the state on meanwhile. Its result
	// and ours overlap, so ours is dropped whole; what only ours saw, the next poll sees again. Read the
	// static data anew: n8n may have replaced the object during the poll.
	const current = context.getWorkflowStaticData('node');
	if (superseded(context)) {
		context.logger.debug(
			'Telco Billing Trigger: the workflow was reactivated during this poll; its result is left ' +
				'to the new activation',
		);
		return null;
	}
	if (current.state !== stored) {
		context.logger.debug(
			'Telco Billing Trigger: the state changed during this poll; its result is left ' +
				'to the next poll',
		);
		return null;
	}
	current.state = next;
	current.of = credential;
	if (watchesCampaigns)
		current.listed = nextListed(
			observation.listed,
			kept ? memory : undefined,
			observation.total,
			observation.audited,
		);
	return events.length ? [events.map((e) => item(e, observedAt))] : null;
}
