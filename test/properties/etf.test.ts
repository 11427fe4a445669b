import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import type { Simulator } from '../simulator/app';
import { ETF_DATE } from '../kits/service';
import { earlyTermination } from '../simulator/routes/services';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';

// Service → Apply ETF (for Many) with what workflows feed it: ids repeated within an item and across items,
// as numbers and as text, in arrays and in comma lists, an unknown service, an empty list, under any Max
// Requests at Once and faults. A fee is money moved: each service charged at most once, for its fee to the
// cent, and never reported charged when it was not (nor not charged when it was).

afterAll(async () => await shutdownEngine());

// The seeded department's first services (some in contract, some not) and one that does not exist.
const SERVICES = [20001, 20002, 20003, 20004, 20005, 20006];
const UNKNOWN = 99999;

const id = fc.oneof(
	{ weight: 6, arbitrary: fc.constantFrom(...SERVICES) },
	{ weight: 1, arbitrary: fc.constant(UNKNOWN) },
);
const ids = fc.oneof(
	fc.array(fc.oneof(id, id.map(String)), { maxLength: 5 }),
	fc.array(id, { maxLength: 5 }).map((list) => list.join(', ')),
);

const etfCase = fc.record({
	platform: platformCase,
	items: fc.array(ids, { minLength: 1, maxLength: 6 }),
});

const cents = (amount: unknown) => Math.round(Number(amount) * 100);

type Out = Array<{ json: IDataObject; item: number }>;

/** The invariants over the simulator's charges and the node's output, for either operation. */
function checkCharges(result: RunResult, sim: Simulator, fees: Map<number, number>): void {
	const charges = sim.state.serviceCharges.filter((c) => c.kind === 'etf');
	const chargedIds = charges.map((c) => c.enid);
	// At most once per service; the amount the fee, to the cent; no service outside the lists.
	expect(new Set(chargedIds).size).toBe(chargedIds.length);
	for (const charge of charges) {
		expect(fees.has(charge.enid)).toBe(true);
		expect(cents(charge.inc_tax_amount)).toBe(fees.get(charge.enid));
	}
	const out: Out = result.items.map((item) => ({
		json: item.json,
		item: (item.pairedItem as { item: number }).item,
	}));
	if (result.error) expect(out).toEqual([]);
	// Reported charged: charged (or its fee is nothing); a repeat names an item that charged it.
	const applied = out.filter(({ json }) => json.success === true && !json.repeat);
	for (const { json } of applied) {
		const enid = Number(json.enid);
		if (fees.get(enid)) expect(chargedIds).toContain(enid);
		expect(enid).not.toBe(UNKNOWN);
	}
	for (const { json } of out.filter(({ json }) => json.repeat)) {
		const by = Number(/by item (\d+)/.exec(String(json.description))?.[1]);
		expect(applied.some((o) => o.item === by && Number(o.json.enid) === Number(json.enid))).toBe(
			true,
		);
	}
	// Charged: reported charged, or its item failed with the outcome unknown (no record named).
	const unknown = out.some(({ json }) => json.error !== undefined && json.enid === undefined);
	for (const enid of chargedIds) {
		const reported = applied.some(({ json }) => Number(json.enid) === enid);
		expect(reported || unknown || Boolean(result.error)).toBe(true);
	}
}

function feesOf(sim: Simulator, fees: Map<number, number>): void {
	for (const service of sim.state.services.filter((s) => SERVICES.includes(s.id)))
		fees.set(service.id, cents(earlyTermination(sim.state, service, ETF_DATE).etf));
}

test('Apply ETF for Many: each service charged at most once, for its fee to the cent; every success true, every charge reported', async () => {
	await fc.assert(
		fc.asyncProperty(etfCase, async ({ platform, items }) => {
			const fees = new Map<number, number>();
			await onFreshPlatform(
				new TelcoBillingService(),
				platform,
				{
					parameters: {
						resource: 'service',
						operation: 'applyEtfMany',
						date: ETF_DATE,
						serviceIds: '={{ $json.ids }}',
					},
					input: items.map((list) => ({ ids: list }) as IDataObject),
					prepare: (sim) => feesOf(sim, fees),
				},
				(result, sim) => checkCharges(result, sim, fees),
			);
		}),
		propertySettings(12),
	);
}, 600_000);

test('Apply ETF, one service an item: a service in several items is charged once, the others say by which item', async () => {
	const oneEach = fc.record({
		platform: platformCase,
		ids: fc.array(fc.oneof(id, id.map(String)), { minLength: 1, maxLength: 10 }),
	});
	await fc.assert(
		fc.asyncProperty(oneEach, async ({ platform, ids }) => {
			const fees = new Map<number, number>();
			await onFreshPlatform(
				new TelcoBillingService(),
				platform,
				{
					parameters: {
						resource: 'service',
						operation: 'applyEtf',
						serviceId: '={{ $json.id }}',
						date: ETF_DATE,
					},
					input: ids.map((one) => ({ id: one })),
					prepare: (sim) => feesOf(sim, fees),
				},
				(result, sim) => {
					// The single answer names no service: the item's input does.
					for (const item of result.items) {
						const index = (item.pairedItem as { item: number }).item;
						if (item.json.success === true) item.json.enid = Number(ids[index]);
					}
					checkCharges(result, sim, fees);
				},
			);
		}),
		propertySettings(12),
	);
}, 600_000);
