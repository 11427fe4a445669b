import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { shutdownEngine } from '../harness/engine';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';
import { named, reference, spelled, UNKNOWN } from './references';

// A customer given the way people and AI models give one (an ID as text or as a number, account_id, crm_id,
// company, trading name, person name, email; any case, spaces around), several items at once, some naming the
// same customer, some no customer, some a company two customers share, under platform faults. Charge Item Add
// writes what it resolves into the request body. A name is a customer's only when it is the customer's name
// exactly (spaces around aside); an email ignoring case: a name in another case is refused, never taken.

afterAll(async () => await shutdownEngine());

const referenceCase = fc.record({
	platform: platformCase,
	refs: fc.array(reference, { minLength: 1, maxLength: 6 }),
	unknowns: fc.nat({ max: 2 }),
	// 1003 takes 1004's company: a name two customers share.
	shared: fc.boolean(),
});

const REFUSED = /^(No customer is "|Customer ".*" is \d+ customers)/;

test('a charge goes only to the one customer its reference names; a reference naming none or several writes nothing and says what to give', async () => {
	await fc.assert(
		fc.asyncProperty(referenceCase, async ({ platform, refs, unknowns, shared }) => {
			let input: IDataObject[] = [];
			await onFreshPlatform(
				new TelcoBillingCustomer(),
				platform,
				{
					parameters: {
						resource: 'customer',
						operation: 'addChargeItem',
						cid: { __rl: true, mode: 'id', value: '={{ $json.ref }}' },
						chargeFields: { description: '={{ $json.tag }}', amount: 5 },
					},
					get input() {
						return input;
					},
					prepare: (sim) => {
						if (shared)
							sim.state.customers.find((c) => c.cid === 1003)!.company = sim.state.customers.find(
								(c) => c.cid === 1004,
							)!.company;
						input = [
							...refs.map((ref) => ({ ref: spelled(sim, ref) })),
							...Array.from({ length: unknowns }, () => ({ ref: UNKNOWN })),
						].map((item, index) => ({ ...item, tag: `row-${index}` }));
					},
				},
				(result, sim) => {
					const stored = (tag: string) =>
						sim.state.chargeItems.filter((item) => item.description === tag);
					const failed = result.items.filter((item) => item.json.error !== undefined);
					// No failure hidden: without Continue On Fail any failed item stops the node.
					if (!platform.continueOnFail && (failed.length || result.error)) {
						expect(result.error).toBeDefined();
					}
					input.forEach((item, index) => {
						const tag = String(item.tag);
						const names = named(sim, item.ref);
						const out = result.items.find((o) => {
							const paired = o.pairedItem as { item: number } | undefined;
							return paired?.item === index;
						});
						const error = String(out?.json.error ?? '');
						// Written at most once, and only to a customer the reference names, and only when it names one.
						expect(stored(tag).length).toBeLessThanOrEqual(1);
						for (const charge of stored(tag)) {
							expect([item.ref, names]).toEqual([item.ref, [charge.cid]]);
						}
						if (REFUSED.test(error)) {
							expect(stored(tag)).toEqual([]);
							expect(error).toContain('Give the customer ID (digits');
						}
						// A reference naming none writes nothing, and says so (when the item's outcome is shown).
						if (names.length === 0) {
							expect(stored(tag)).toEqual([]);
							if (out) expect(error).toMatch(REFUSED);
						}
						// One customer by an id or its company or trading name: never refused as a reference.
						if (names.length === 1 && out && !shared) expect(error).not.toMatch(REFUSED);
						if (out && !error) expect(stored(tag)).toHaveLength(1);
					});
				},
			);
		}),
		propertySettings(8),
	);
});
