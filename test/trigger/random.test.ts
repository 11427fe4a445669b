import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import type { Fault } from '../simulator/app';
import { PollingTrigger } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';
import { sampleCdr } from '../simulator/sampleCdr';
const node = useNode(new TelcoBillingTrigger(), { bulkEmail: { perRun: 7, failEvery: 5 } });
const FINISHED = ['completed', 'cancelled'];
/** A small seeded generator (mulberry32), so a failing run can be replayed. */
function random(seed: number) {
	let a = seed;
	return () => {
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
interface Snapshot {
	campaignLog: number;
	cdrLog: number;
}
function describe(event: IDataObject): string {
	if (event.campaign) {
		const campaign = event.campaign as IDataObject;
		return `${event.event} ${campaign.id} ${String(event.previousStatus)}→${campaign.status}`;
	}
	return `${event.event} ${event.source} ${event.previousDate}→${event.latest_date}`;
}
/** Department 1's campaigns and CDR sources as of a point in the logs. */
function view(
	campaignLog: Array<{ id: number; deptid: number; status: string }>,
	cdrLog: Array<{ source: string; kind: 'imported' | 'rated'; date: string }>,
) {
	const campaigns = new Map<number, string>();
	for (const entry of campaignLog) if (entry.deptid === 1) campaigns.set(entry.id, entry.status);
	const imported = new Map<string, string>();
	const rated = new Map<string, string>();
	for (const entry of cdrLog) {
		if (entry.source !== 'demo-switch') continue;
		const map = entry.kind === 'imported' ? imported : rated;
		if (entry.date > (map.get(entry.source) ?? '')) map.set(entry.source, entry.date);
	}
	return { campaigns, imported, rated };
}

test('1,000 polls with faults and campaign and CDR activity: every change emitted exactly once, none missed', async () => {
	const sim = node.sim();
	const { bulkEmail: bulk, cdrs } = sim.state;
	cdrs.ratingMode = 'manual';
	const rand = random(20261121);
	const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
	const dept1 = sim.state.customers.filter((c) => c.deptid === 1 && c.active && c.email);
	const dept2 = sim.state.customers.filter((c) => c.deptid === 2 && c.active && c.email);
	const faults: Fault[] = ['http500', 'drop', 'invalidKey', { errorCode: 'capability_denied' }];
	let clock = Date.parse('2026-11-21T00:00:00Z');
	const nextDate = () => {
		clock += Math.floor(rand() * 600_000);
		return new Date(clock).toISOString().replace('T', ' ').slice(0, 19);
	};

	const poller = new PollingTrigger(
		new TelcoBillingTrigger(),
		{
			events: [
				'newCampaign',
				'campaignStatusChanged',
				'campaignFinished',
				'cdrsImported',
				'cdrsRated',
			],
		},
		{ baseUrl: sim.url, apiKey: DEMO_KEY },
	);

	const emitted: string[][] = [];
	const snapshots: Snapshot[] = [];
	let failures = 0;

	for (let i = 0; i < 1000; i++) {
		// Activity between polls.
		if (rand() < 0.3)
			for (let n = 1 + Math.floor(rand() * 3); n > 0; n--)
				bulk.create(1, `c${i}-${n}`, 'x', dept1.slice(0, 1 + Math.floor(rand() * 25)), null);
		if (rand() < 0.02)
			for (let n = 0; n < 25; n++) bulk.create(1, `burst${i}-${n}`, 'x', dept1.slice(0, 2), null);
		if (rand() < 0.1) bulk.create(2, `theirs${i}`, 'x', dept2.slice(0, 2), null);
		for (let n = Math.floor(rand() * 3); n > 0; n--) bulk.run();
		if (rand() < 0.1) {
			const open = bulk.campaigns.filter((c) => c.deptid === 1 && !FINISHED.includes(c.status));
			if (open.length) {
				const c = pick(open);
				c.recipients.forEach((r) => r.state === 'pending' && (r.state = 'cancelled'));
				bulk.setStatus(c, 'cancelled');
			}
		}
		if (rand() < 0.3) {
			for (let n = 1 + Math.floor(rand() * 4); n > 0; n--) {
				const startdate = rand() < 0.2 ? '2026-11-02 00:00:00' : nextDate();
				cdrs.insert(
					pick(['demo-switch', 'other-switch']),
					rand() < 0.8 ? 1 : 2,
					sampleCdr(`r${i}-${n}-${rand()}`, startdate),
				);
			}
		}
		if (rand() < 0.2) cdrs.rate();
		if (rand() < 0.1) sim.faults.push(pick(faults));

		const before = JSON.stringify(poller.staticData);
		try {
			const result = await poller.poll();
			const json = result ? result[0].map((item) => item.json) : [];
			emitted.push(json.map(describe));
			snapshots.push({ campaignLog: bulk.log.length, cdrLog: cdrs.log.length });
		} catch {
			failures++;
			expect(JSON.stringify(poller.staticData)).toBe(before);
			sim.faults.length = 0;
		}
	}

	// What a perfect watcher would have emitted, from the simulator's own log, between successful polls.
	const expected: string[][] = [];
	for (let p = 0; p < snapshots.length; p++) {
		if (p === 0) {
			expected.push([]);
			continue;
		}
		const [then, now] = [
			view(
				bulk.log.slice(0, snapshots[p - 1].campaignLog),
				cdrs.log.slice(0, snapshots[p - 1].cdrLog),
			),
			view(bulk.log.slice(0, snapshots[p].campaignLog), cdrs.log.slice(0, snapshots[p].cdrLog)),
		];
		const events: string[] = [];
		for (const [id, status] of now.campaigns) {
			const previous = then.campaigns.get(id);
			if (previous === undefined) {
				events.push(`newCampaign ${id} null→${status}`);
				if (FINISHED.includes(status)) events.push(`campaignFinished ${id} null→${status}`);
			} else if (!FINISHED.includes(previous) && previous !== status) {
				events.push(`campaignStatusChanged ${id} ${previous}→${status}`);
				if (FINISHED.includes(status)) events.push(`campaignFinished ${id} ${previous}→${status}`);
			}
		}
		for (const kind of ['imported', 'rated'] as const) {
			for (const [source, date] of now[kind]) {
				const previous = then[kind].get(source) ?? '2026-11-01 00:00:00';
				if (date > previous)
					events.push(
						`cdrs${kind === 'imported' ? 'Imported' : 'Rated'} ${source} ${previous}→${date}`,
					);
			}
		}
		expected.push(events);
	}

	expect(failures).toBeGreaterThan(30);
	expect(snapshots.length).toBe(1000 - failures);
	expect(emitted.map((list) => [...list].sort())).toEqual(expected.map((list) => [...list].sort()));
	const all = emitted.flat();
	expect(new Set(all).size).toBe(all.length);
	expect(all.filter((e) => e.startsWith('newCampaign')).length).toBe(
		new Set(bulk.log.filter((l) => l.deptid === 1).map((l) => l.id)).size -
			new Set(
				bulk.log
					.slice(0, snapshots[0].campaignLog)
					.filter((l) => l.deptid === 1)
					.map((l) => l.id),
			).size,
	);
	expect(
		Object.keys((poller.staticData['node:Trigger'] as IDataObject).state as IDataObject),
	).toEqual(['version', 'maxCampaignId', 'inFlight', 'sources', 'polledAt']);
});
