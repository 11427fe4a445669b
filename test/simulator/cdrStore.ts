import type { RateCard } from './catalog';
import type { BilledCall, Cdr } from './rating';
import { compileCallTypes, matchCallType, priceCall } from './rating';
import type { State } from './state';

/**
 * Calls from before start-up and their billed calls, shared read-only by every simulator started the
 * same minute.
 */
export interface CallHistory {
	cdrs: readonly Cdr[];
	billed: readonly BilledCall[];
}

/**
 * A map over a shared read-only base (the call history, indexed once for every simulator started with it): a
 * simulator per test no longer copies thousands of history entries into maps of its own.
 */
class Layered<V> {
	private readonly own = new Map<string, V>();

	constructor(private readonly base: ReadonlyMap<string, V> = new Map()) {}

	get(key: string): V | undefined {
		return this.own.get(key) ?? this.base.get(key);
	}

	set(key: string, value: V): void {
		this.own.set(key, value);
	}

	/** The same own entries over another base (the history moved in time). */
	onBase(base: ReadonlyMap<string, V>): Layered<V> {
		const moved = new Layered(base);
		for (const [key, value] of this.own) moved.set(key, value);
		return moved;
	}

	/** The base's values first (the history came first), then what was added since. */
	*values(): IterableIterator<V> {
		for (const [key, value] of this.base) if (!this.own.has(key)) yield value;
		yield* this.own.values();
	}
}

const indexes = new WeakMap<
	CallHistory,
	{ byId: ReadonlyMap<string, Cdr>; billed: ReadonlyMap<string, BilledCall> }
>();

function indexOf(history: CallHistory) {
	let index = indexes.get(history);
	if (!index) {
		index = {
			byId: new Map(history.cdrs.map((cdr) => [String(cdr.id), cdr])),
			billed: new Map(history.billed.map((call) => [call.id, call])),
		};
		indexes.set(history, index);
	}
	return index;
}

interface SourceStatus {
	source: string;
	deptid: number;
	latestImported: string;
	latestRated: string;
}

/**
 * CDRs by source, with duplicate orig_id detection, and the billed calls rating makes of them.
 * Rating runs after every import unless `ratingMode` is 'manual' (then `rate()` runs it), so a feed's
 * rated date can lag its imported date the way a real platform's does.
 */
export class CdrStore {
	/** Every CDR imported since start-up (the seeded call history is apart: it belongs to no live feed). */
	readonly all: Cdr[] = [];
	billed = new Layered<BilledCall>();
	ratingMode: 'inline' | 'manual' = 'inline';
	/** Every move of a source's latest imported or rated date, in order. */
	readonly log: Array<{ source: string; kind: 'imported' | 'rated'; date: string }> = [];
	private readonly seen = new Map<string, Set<string>>();
	private readonly status = new Map<string, SourceStatus>();
	private byId = new Layered<Cdr>();
	private unrated: Cdr[] = [];
	private nextId = 900000001;

	constructor(private readonly state: State) {}

	addSource(source: string, deptid: number, latest = '2026-11-01 00:00:00'): void {
		if (!this.status.has(source))
			this.status.set(source, { source, deptid, latestImported: latest, latestRated: latest });
	}

	sources(deptid: number): SourceStatus[] {
		return [...this.status.values()].filter((s) => s.deptid === deptid);
	}

	/** Stores a CDR, or returns undefined when its orig_id was already imported for the source. */
	insert(
		source: string,
		deptid: number,
		record: Omit<Cdr, 'id' | 'source' | 'deptid'>,
	): Cdr | undefined {
		let seen = this.seen.get(source);
		if (!seen) this.seen.set(source, (seen = new Set()));
		if (seen.has(record.orig_id)) return undefined;
		seen.add(record.orig_id);
		// A source's first CDR: imported now, rated only when rating runs.
		if (!this.status.has(source))
			this.status.set(source, { source, deptid, latestImported: '', latestRated: '' });
		const status = this.status.get(source)!;
		if (record.startdate > status.latestImported) {
			status.latestImported = record.startdate;
			this.log.push({ source, kind: 'imported', date: record.startdate });
		}
		const cdr = { ...record, id: this.nextId++, source, deptid };
		this.all.push(cdr);
		this.byId.set(String(cdr.id), cdr);
		this.unrated.push(cdr);
		return cdr;
	}

	/** The CDR behind a billed call, imported or from the history. */
	find(id: string): Cdr | undefined {
		return this.byId.get(id);
	}

	/**
	 * Prices calls made before start-up as rating would have, without storing them: the history keeps its
	 * billed calls even when rate cards change later.
	 */
	rateHistory(cdrs: readonly Cdr[]): BilledCall[] {
		const types = compileCallTypes(this.state.callTypes);
		const cards = new Map<string, RateCard | undefined>();
		const billed: BilledCall[] = [];
		for (const cdr of cdrs) {
			const key = `${cdr.deptid}:${CdrStore.numberOf(cdr)}`;
			if (!cards.has(key)) cards.set(key, this.cardOf(cdr));
			const call = this.rateOne(cdr, types, cards.get(key));
			if (call) billed.push(call);
		}
		return billed;
	}

	/**
	 * Holds the call history as if an earlier feed had delivered it: no source's dates move and no duplicate
	 * check applies, so every live feed starts as the seed left it.
	 */
	loadHistory(history: CallHistory): void {
		const { byId, billed } = indexOf(history);
		this.byId = new Layered(byId);
		this.billed = new Layered(billed);
	}

	/** Another call history (the same calls, moved in time), keeping everything imported since start-up. */
	rebaseHistory(history: CallHistory): void {
		const { byId, billed } = indexOf(history);
		this.byId = this.byId.onBase(byId);
		this.billed = this.billed.onBase(billed);
	}

	afterImport(): void {
		if (this.ratingMode === 'inline') this.rate();
	}

	/** Rates every CDR not rated yet; returns how many became billed calls. */
	rate(): number {
		const types = compileCallTypes(this.state.callTypes);
		let count = 0;
		for (const cdr of this.unrated) {
			const status = this.status.get(cdr.source)!;
			if (cdr.startdate > status.latestRated) {
				status.latestRated = cdr.startdate;
				this.log.push({ source: cdr.source, kind: 'rated', date: cdr.startdate });
			}
			const billed = this.rateOne(cdr, types);
			if (billed) {
				this.billed.set(billed.id, billed);
				count++;
			}
		}
		this.unrated = [];
		return count;
	}

	/** The number of the service a call belongs to: the A party's outbound, the DID (or B party) inbound. */
	private static numberOf(cdr: Cdr): string {
		return cdr.direction === 'outbound' ? cdr.callerid : cdr.did || cdr.destination;
	}

	/** The rate card of the service the call belongs to. */
	private cardOf(cdr: Cdr): RateCard | undefined {
		const service = this.state.serviceByNumber(cdr.deptid, CdrStore.numberOf(cdr));
		const customer = service ? this.state.customers.find((c) => c.cid === service.cid) : undefined;
		const ctgid = service?.call_rates_id ?? customer?.ctgid;
		return this.state.rateCards.find((c) => c.ctgid === ctgid && c.deptid === cdr.deptid);
	}

	private rateOne(
		cdr: Cdr,
		types: ReturnType<typeof compileCallTypes>,
		card = this.cardOf(cdr),
	): BilledCall | undefined {
		const type = matchCallType(cdr, types);
		const item = type && card?.callTypes.find((i) => i.ctid === type.ctid);
		if (!card || !type || !item) return undefined;
		return {
			id: String(cdr.id),
			source: cdr.source,
			deptid: cdr.deptid,
			startdate: cdr.startdate,
			ratecode: type.internal_code,
			rate_name: item.name,
			price: priceCall(cdr.billsec, item, card).toFixed(4),
		};
	}

	/** A CDR as any screen shows it: a private call's A party is hidden. */
	static shown(cdr: Cdr): Cdr {
		return cdr.privacy_flag === 1 ? { ...cdr, callerid: 'PRIVATE' } : cdr;
	}
}
