import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { getOwn } from '../shared/input/keys';
import { melbourneMark } from '../shared/input/melbourne';
import { isRefusal, RefusedAnswer } from '../shared/platform/failure';
import { shownList } from '../shared/output/output';
import { walkPages } from '../shared/transport/pager';
import { calendarNow } from '../shared/transport/clock';
import { platformRequest } from '../shared/transport/transport';
import type { Observation, TriggerEvent, TriggerState } from './trigger.logic';
import { AUDIT_EVERY_MS, freshIds, listWalk } from './trigger.seen';
import type { ListedMemory } from './trigger.seen';

// A poll reads further pages only while they may hold new campaigns: at most this many (2,000 campaigns).
const MAX_NEW_PAGES = 100;
// At activation, campaigns in flight among the newest 1,000 are found and followed.
const BASELINE_PAGES = 50;

export const CAMPAIGN_EVENTS: TriggerEvent[] = [
	'newCampaign',
	'campaignStatusChanged',
	'campaignFinished',
];
const CDR_EVENTS: TriggerEvent[] = ['cdrsImported', 'cdrsRated', 'cdrFeedStale'];

export interface Watch {
	events: TriggerEvent[];
	/** Campaign ids to watch; empty: all. */
	campaignIds: number[];
	/** CDR sources to watch; empty: all. */
	sources: string[];
	/** Milliseconds each request may take. */
	timeout: number;
}

async function campaign(
	context: IPollFunctions,
	id: number,
	timeout: number,
): Promise<IDataObject | undefined> {
	// A campaign id that is missing or another department's is simply not ours; anything else fails the poll.
	const body = (await platformRequest(context, {
		method: 'GET',
		url: `/customer/bulk-email/${id}`,
		timeout,
	}).catch((error: unknown) =>
		isRefusal(error, { errorCode: 'not_found' }) ? undefined : Promise.reject(error),
	)) as IDataObject | undefined;
	if (!body) return undefined;
	// The campaign's fields are the answer itself (the spec): one without its id and status says nothing.
	if (body.id === undefined || body.status === undefined || body.status === null)
		throw new RefusedAnswer({
			message: `The platform answered campaign ${id} without its id and status, so its status is unknown`,
		});
	const record = { ...body };
	delete record.success;
	delete record.description;
	return record;
}

function sourceDates(body: IDataObject, watch: Watch): Map<string, string> {
	const dates = new Map<string, string>();
	for (const row of shownList(body, 'data')) {
		const source = String(row.source);
		if (watch.sources.length === 0 || watch.sources.includes(source))
			dates.set(source, String(row.latest_date));
	}
	return dates;
}

/** An empty last page: what the walk's page reader answers when nothing below needs reading, with no request. */
const END = { body: {}, rows: [], last: true };

/** How far a poll reads the campaign list when it is not the walk of a poll with its memory. */
export interface Reading {
	/** Fetch Test Event: only until the campaigns read hold its examples. */
	sampled?: (read: Observation) => boolean;
	/** As a baseline does, with a state too (a changed credential: a baseline may follow). */
	asBaseline?: boolean;
}

/**
 * Reads what the trigger needs: the newest pages of campaigns (trigger.seen.ts listWalk says how far), each
 * campaign still in flight that is not on them, and the two CDR status lists; any failure throws, before any
 * state changes. Without a state (or `asBaseline`), the walk reads up to BASELINE_PAGES pages to find what is in
 * flight, and Fetch Test Event (`sampled`) only until the campaigns read hold its examples.
 */
export async function observe(
	context: IPollFunctions,
	state: TriggerState | undefined,
	watch: Watch,
	memory?: ListedMemory,
	reading: Reading = {},
): Promise<Observation> {
	const now = calendarNow();
	const observation: Observation = {
		campaigns: new Map(),
		gone: [],
		imported: new Map(),
		rated: new Map(),
		platformNow: melbourneMark(now),
		now,
		listed: [],
		fresh: new Set(),
	};
	const watched = (id: number) => watch.campaignIds.length === 0 || watch.campaignIds.includes(id);

	if (watch.events.some((e) => CAMPAIGN_EVENTS.includes(e))) {
		const maxCampaignId = state?.maxCampaignId ?? 0;
		const audit =
			memory !== undefined &&
			!(now - (memory.audited ?? Number.NEGATIVE_INFINITY) < AUDIT_EVERY_MS);
		const walk = listWalk(memory, maxCampaignId, audit);
		const walking = state !== undefined && !reading.asBaseline;
		// The campaigns in flight not listed on the pages read so far, each read once: what is still there, and
		// how many left the list since the last poll (one already missing then was not in its total either).
		const asked = new Set<number>();
		let left = 0;
		const followInFlight = async () => {
			for (const id of Object.keys(state?.inFlight ?? {}).map(Number)) {
				if (asked.has(id) || observation.campaigns.has(id) || !watched(id)) continue;
				asked.add(id);
				const record = await campaign(context, id, watch.timeout);
				if (record) observation.campaigns.set(id, record);
				else {
					observation.gone.push(id);
					if (!state?.missing || getOwn(state.missing, String(id)) === undefined) left++;
				}
			}
			return left;
		};
		// Newest first: a baseline reads up to BASELINE_PAGES pages to find what is still in flight; a poll reads
		// while the walk says a page below may hold a new campaign, asking first about the campaigns in flight.
		await walkPages(
			async (page) => {
				if (walking && page > 1 && !walk.more(left) && !walk.more(await followInFlight()))
					return END;
				const body = (await platformRequest(context, {
					method: 'GET',
					url: `/customer/bulk-email/page/${page}`,
					timeout: watch.timeout,
				})) as IDataObject;
				const rows = shownList(body, 'records');
				if (page === 1 && Number.isSafeInteger(Number(body.total)))
					observation.total = Number(body.total);
				walk.read(body, rows);
				for (const record of rows) {
					observation.listed.push(Number(record.id));
					if (watched(Number(record.id))) observation.campaigns.set(Number(record.id), record);
				}
				return { body, rows };
			},
			{
				maxPages: walking ? MAX_NEW_PAGES : BASELINE_PAGES,
				enough: () => !walking && (reading.sampled?.(observation) ?? false),
			},
		);
		if (state) {
			await followInFlight();
			// A campaign listed is there, whatever its own read answered a moment before.
			const listed = new Set(observation.listed);
			observation.gone = observation.gone.filter((id) => !listed.has(id));
			observation.fresh = freshIds(observation.listed, memory, maxCampaignId);
			// A walk that went down past everything remembered (or a baseline's) is the memory's audit.
			observation.audited = audit || !walking ? now : memory?.audited;
		} else observation.audited = now;
	}

	if (watch.events.some((e) => CDR_EVENTS.includes(e))) {
		observation.imported = sourceDates(
			(await platformRequest(context, {
				method: 'GET',
				url: '/cdr/status',
				timeout: watch.timeout,
			})) as IDataObject,
			watch,
		);
		if (watch.events.includes('cdrsRated')) {
			observation.rated = sourceDates(
				(await platformRequest(context, {
					method: 'GET',
					url: '/cdr/ratingStatus',
					timeout: watch.timeout,
				})) as IDataObject,
				watch,
			);
		}
	}
	return observation;
}
