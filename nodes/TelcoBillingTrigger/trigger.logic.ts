import type { IDataObject } from 'n8n-workflow';
import { getOwn, setOwn } from '../shared/input/keys';
import { hoursSince, melbourneInstant } from '../shared/input/melbourne';

export const FINISHED = ['completed', 'cancelled'];

export type TriggerEvent =
	| 'newCampaign'
	| 'campaignStatusChanged'
	| 'campaignFinished'
	| 'cdrsImported'
	| 'cdrsRated'
	| 'cdrFeedStale';

/** What the trigger remembers between polls: only campaigns in flight and high-water marks. */
export interface TriggerState {
	version: 1;
	/**
	 * Highest campaign id seen. What is new is decided by the campaigns listed (trigger.seen.ts); this is kept
	 * for a state written before that, whose campaigns above it are new.
	 */
	maxCampaignId: number;
	/** Status of each campaign not finished yet, by id. */
	inFlight: Record<string, string>;
	/**
	 * Campaigns in flight the platform answered `not_found` for at the last polls, by id: since when (platform
	 * wall time) and at how many polls in a row. Still followed until MISSING_FOR bounds it. Optional: states
	 * written before it was added have none.
	 */
	missing?: Record<string, { since: string; polls: number }>;
	/** Per CDR source: latest imported and rated dates seen, and whether it was stale (its alarm raised). */
	sources: Record<string, { imported: string; rated: string; stale: boolean }>;
	/**
	 * Platform wall time of the poll that wrote this state: a source's stall is over once it reached a date
	 * still fresh then. Optional: states written before it was added have none.
	 */
	polledAt?: string;
}

/** What one poll saw on the platform. */
export interface Observation {
	/** Every campaign whose status this poll read (new ones and those in flight), by id. */
	campaigns: Map<number, IDataObject>;
	/** Campaigns in flight the platform answered `not_found` for: followed on until MISSING_FOR, then forgotten. */
	gone: number[];
	imported: Map<string, string>;
	rated: Map<string, string>;
	/**
	 * Platform wall-clock time now (the zone CDR dates are written in) with its offset, the trigger's own mark
	 * (melbourneMark): `YYYY-MM-DD HH:MM:SS+11:00`. States written before offsets were kept hold it without one.
	 */
	platformNow: string;
	/** The same moment as an instant (ms): what the thresholds measure real hours to. */
	now: number;
	/** The ids of every campaign the poll listed, in the list's order (newest first). */
	listed: number[];
	/** The list's `total` (the department's campaigns), when it gave one. */
	total?: number;
	/** When the list was last read down past every campaign remembered (trigger.seen.ts listWalk). */
	audited?: number;
	/** The campaigns listed that the trigger never listed before (trigger.seen.ts freshIds). */
	fresh: Set<number>;
}

/**
 * How long a campaign in flight stays followed while the platform answers `not_found` for it: until it has
 * been missing at this many polls in a row and for this many hours, whichever comes later. A platform may
 * miss a campaign for a while (the spec says only that a missing campaign answers `not_found`); one that is
 * gone for a day is taken as deleted, so the trigger stops asking for it.
 */
export const MISSING_FOR = { polls: 10, hours: 24 };

export interface Settings {
	events: TriggerEvent[];
	/** Statuses Status Changed fires for; empty: every status. */
	statuses: string[];
	staleHours: number;
}

export interface Emitted {
	event: TriggerEvent;
	campaign?: IDataObject;
	previousStatus?: string | null;
	source?: IDataObject;
	previousDate?: string | null;
	staleHours?: number;
}

/**
 * Whether a feed stale at the last poll has recovered since and stalled again at `imported`. It has when
 * `imported` was still fresh at that poll: the feed caught up after it, even if no poll saw it fresh, or
 * n8n never wrote down the poll that did (it saves static data only after polls that emitted). A feed
 * that moves on but stays behind all along is still the same stall. Without the last poll's time (a state
 * written before it was kept), any later date counts as a new stall.
 */
function stalledAnew(
	seen: string,
	imported: string,
	polledAt: string | undefined,
	staleHours: number,
	now: number,
): boolean {
	return polledAt
		? hoursSince(imported, melbourneInstant(polledAt, now)) <= staleHours
		: imported > seen;
}

/** The state a first poll records: everything as it is, nothing to emit. */
export function baseline(
	observation: Observation,
	settings: Settings,
	previousMax = 0,
): TriggerState {
	const state: TriggerState = {
		version: 1,
		maxCampaignId: previousMax,
		inFlight: {},
		sources: {},
		polledAt: observation.platformNow,
	};
	for (const [id, record] of observation.campaigns) {
		state.maxCampaignId = Math.max(state.maxCampaignId, id);
		if (!FINISHED.includes(String(record.status)))
			state.inFlight[String(id)] = String(record.status);
	}
	for (const [source, imported] of observation.imported) {
		setOwn(state.sources, source, {
			imported,
			rated: observation.rated.get(source) ?? '',
			stale: hoursSince(imported, observation.now) > settings.staleHours,
		});
	}
	return state;
}

/**
 * Compares what a poll saw with what the trigger remembers. Returns the events, in a stable order, and
 * the state to keep; the caller keeps it only if the whole poll succeeded, so a failed poll loses nothing
 * and the next good one emits every change exactly once.
 */
export function diff(
	state: TriggerState,
	observation: Observation,
	settings: Settings,
): { events: Emitted[]; next: TriggerState } {
	const wants = (event: TriggerEvent) => settings.events.includes(event);
	const events: Emitted[] = [];
	const next: TriggerState = {
		version: 1,
		maxCampaignId: state.maxCampaignId,
		inFlight: { ...state.inFlight },
		sources: {},
		polledAt: observation.platformNow,
	};
	const missing: NonNullable<TriggerState['missing']> = {};

	for (const id of [...observation.campaigns.keys()].sort((a, b) => a - b)) {
		const record = observation.campaigns.get(id)!;
		const status = String(record.status);
		const finished = FINISHED.includes(status);
		const known = String(id) in state.inFlight;
		const fresh = observation.fresh.has(id) && !known;
		if (fresh) {
			if (wants('newCampaign')) events.push({ event: 'newCampaign', campaign: record });
			if (finished && wants('campaignFinished'))
				events.push({ event: 'campaignFinished', campaign: record, previousStatus: null });
		} else if (known) {
			const previous = state.inFlight[String(id)];
			if (previous !== status) {
				if (
					wants('campaignStatusChanged') &&
					(settings.statuses.length === 0 || settings.statuses.includes(status))
				) {
					events.push({
						event: 'campaignStatusChanged',
						campaign: record,
						previousStatus: previous,
					});
				}
				if (finished && wants('campaignFinished'))
					events.push({ event: 'campaignFinished', campaign: record, previousStatus: previous });
			}
		}
		next.maxCampaignId = Math.max(next.maxCampaignId, id);
		if (finished) delete next.inFlight[String(id)];
		else if (fresh || known) next.inFlight[String(id)] = status;
	}

	// A campaign missing at this poll keeps its place and last status: listed again, it is known, so its
	// change and its finish fire. Only one missing long enough is forgotten.
	for (const id of observation.gone) {
		const key = String(id);
		if (!(key in next.inFlight)) continue;
		const before = state.missing ? getOwn(state.missing, key) : undefined;
		const since = before?.since ?? observation.platformNow;
		const polls = (before?.polls ?? 0) + 1;
		const long = hoursSince(since, observation.now) >= MISSING_FOR.hours;
		if (polls >= MISSING_FOR.polls && long) delete next.inFlight[key];
		else setOwn(missing, key, { since, polls });
	}
	if (Object.keys(missing).length) next.missing = missing;

	for (const [source, imported] of [...observation.imported].sort(([a], [b]) =>
		a.localeCompare(b),
	)) {
		const before = getOwn(state.sources, source);
		const rated = observation.rated.get(source) ?? before?.rated ?? '';
		// A date the state already held was read by the poll that wrote it, or earlier: its instant is not after
		// that poll's (its mark has an offset), which tells the two instants of the hour that comes twice apart.
		const seenBy =
			before?.imported === imported && state.polledAt
				? melbourneInstant(state.polledAt, observation.now)
				: observation.now;
		const stale = hoursSince(imported, observation.now, seenBy) > settings.staleHours;
		const record = { source, latest_date: imported };
		// A source first seen after activation reports its first calls too: there was nothing before them.
		if ((!before || imported > before.imported) && wants('cdrsImported'))
			events.push({
				event: 'cdrsImported',
				source: record,
				previousDate: before?.imported ?? null,
			});
		if (rated !== '' && (!before || rated > before.rated) && wants('cdrsRated'))
			events.push({
				event: 'cdrsRated',
				source: { source, latest_date: rated },
				previousDate: before?.rated || null,
			});
		// One alarm per stall, a stall being the date the feed stopped at: a source first seen stale has had
		// its stall before the trigger watched; one stale at the last poll alarms only for a new stall.
		const alarmed = before
			? before.stale &&
				!stalledAnew(
					before.imported,
					imported,
					state.polledAt,
					settings.staleHours,
					observation.now,
				)
			: stale;
		if (stale && !alarmed && wants('cdrFeedStale'))
			events.push({
				event: 'cdrFeedStale',
				source: record,
				previousDate: before?.imported ?? null,
				staleHours: settings.staleHours,
			});
		setOwn(next.sources, source, {
			imported: before && before.imported > imported ? before.imported : imported,
			rated: before && before.rated > rated ? before.rated : rated,
			stale,
		});
	}
	for (const [source, kept] of Object.entries(state.sources)) {
		if (!getOwn(next.sources, source)) setOwn(next.sources, source, kept);
	}
	return { events, next };
}
