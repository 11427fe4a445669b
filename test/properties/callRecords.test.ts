import fc from 'fast-check';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { reorderingProxy } from '../harness/reorderProxy';
import { startSimulator } from '../simulator/app';
import type { Fault } from '../simulator/app';
import { propertySettings } from './settings';

// Invariant: every call record is stored once with its own fields, none is reported stored that is not, and
// no failure is output as success. Generated batches (orig_ids from a small pool, so repeated within a run
// and against calls another feed already stored; as numbers, numeric text and numbers past 2^53; seconds as
// numbers or text; costs with many decimals; unknown keys) go through Add, Add Many and Import File with a
// schedule of platform faults (429 with Retry-After, 503, a reset before the write and after it, a 503 after
// the write, an answer cut short; per-record results in another order through a reordering proxy), and are checked against the simulator's store and the node's output.

const nodeType = new TelcoBillingCallRecord();
afterAll(async () => await shutdownEngine());

// Jest's 30 s is for one test; a property runs many cases (more under TELCO_PROPERTY_RUNS).
const PER_RUN_MS = 5_000;
const settings = propertySettings<[Case]>(20);

const OTHER_CALL = '0355550000';
const STARTDATE = '2026-11-20 10:00:00';
// Faults after which the route ran: our record is stored, and its answer is lost or says otherwise.
const AFTER_WRITE: Fault[] = ['failAfterWrite', 'resetAfterWrite', 'truncated200'];

const callArb = fc.record({
	pool: fc.integer({ min: 0, max: 6 }),
	idAs: fc.oneof(
		{ arbitrary: fc.constantFrom('number', 'text'), weight: 8 },
		{ arbitrary: fc.constant('past2to53'), weight: 1 },
	),
	destination: fc.constantFrom('0311110000', '0399998888'),
	billsec: fc.integer({ min: 0, max: 600 }),
	billsecAs: fc.constantFrom('number', 'text'),
	cost: fc.option(
		fc
			.tuple(fc.nat(99), fc.nat(999_999))
			.map(([whole, fraction]) => `${whole}.${String(fraction).padStart(6, '0')}`),
		{ nil: undefined },
	),
	costAs: fc.constantFrom('number', 'text'),
	unknownKey: fc.boolean(),
});
type Call = typeof callArb extends fc.Arbitrary<infer T> ? T : never;

const caseArb = fc.record({
	operation: fc.constantFrom('addMany', 'importFile', 'add'),
	calls: fc.array(callArb, { maxLength: 24 }),
	heldByAnotherCall: fc.subarray([0, 1, 2, 3, 4, 5, 6], { maxLength: 3 }),
	batchSize: fc.integer({ min: 1, max: 6 }),
	parallelBatches: fc.integer({ min: 1, max: 2 }),
	treatDuplicateAsSuccess: fc.boolean(),
	reordered: fc.boolean(),
	faults: fc.array(
		fc.constantFrom<Fault>(
			'pass',
			'http429',
			'http503',
			'reset',
			'drop',
			'html200',
			'failAfterWrite',
			'resetAfterWrite',
			'truncated200',
		),
		{ maxLength: 3 },
	),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const poolId = (pool: number) => 4_400_000 + pool;
const unsafeId = (pool: number) => 2 ** 53 + 2 * (pool + 1);

function origIdOf(call: Call): string | number {
	if (call.idAs === 'past2to53') return unsafeId(call.pool);
	return call.idAs === 'number' ? poolId(call.pool) : String(poolId(call.pool));
}

/** The orig_id the platform gets, or undefined when the node must refuse the item (an inexact number). */
function keyOf(call: Call, operation: string): string | undefined {
	const id = origIdOf(call);
	// A file holds text: a long id there is exact.
	if (typeof id === 'number' && !Number.isSafeInteger(id) && operation !== 'importFile')
		return undefined;
	return String(id);
}

const fieldsOf = (call: Call) => ({
	destination: call.destination,
	billsec: call.billsec,
	cost: call.cost === undefined ? null : Number(call.cost),
});

function itemOf(call: Call): IDataObject {
	return {
		orig_id: origIdOf(call),
		startdate: STARTDATE,
		callerid: '0412346601',
		direction: 'outbound',
		destination: call.destination,
		duration: call.billsec + 5,
		billsec: call.billsecAs === 'number' ? call.billsec : String(call.billsec),
		...(call.cost !== undefined && {
			cost: call.costAs === 'number' ? Number(call.cost) : call.cost,
		}),
		...(call.unknownKey && { carrier_note: 'from the switch' }),
	};
}

function csvOf(calls: Call[]): string {
	const header =
		'orig_id,startdate,callerid,direction,destination,duration,billsec,cost,carrier_note';
	const lines = calls.map((call) => {
		const item = itemOf(call);
		return [
			String(item.orig_id),
			STARTDATE,
			'0412346601',
			'outbound',
			call.destination,
			String(call.billsec + 5),
			String(call.billsec),
			call.cost ?? '',
			call.unknownKey ? 'note' : '',
		].join(',');
	});
	return [header, ...lines].join('\n') + '\n';
}

async function run(generated: Case, baseUrl: string) {
	const parameters: INodeParameters = {
		operation: generated.operation,
		dataMode: 'autoMap',
		batchSize: generated.batchSize,
		parallelBatches: generated.parallelBatches,
		treatDuplicateAsSuccess: generated.treatDuplicateAsSuccess,
	};
	const credentials = { baseUrl, apiKey: DEMO_KEY };
	if (generated.operation === 'importFile')
		return await runNode({
			nodeType,
			parameters,
			input: [{}],
			inputFiles: [
				{ data: { content: csvOf(generated.calls), fileName: 'calls.csv', mimeType: 'text/csv' } },
			],
			credentials,
		});
	return await runNode({
		nodeType,
		parameters,
		input: generated.calls.map(itemOf),
		continueOnFail: true,
		credentials,
	});
}

test(
	'Call records: each stored once with its own fields, none reported stored that is not, no failure as success',
	async () => {
		await fc.assert(
			fc.asyncProperty(caseArb, async (generated) => {
				const sim = await startSimulator();
				const proxy = generated.reordered ? await reorderingProxy(() => sim.url) : undefined;
				try {
					const { operation, calls, treatDuplicateAsSuccess } = generated;
					const held = new Set(generated.heldByAnotherCall.map((pool) => String(poolId(pool))));
					for (const origId of held)
						sim.state.cdrs.insert('demo-switch', 1, {
							orig_id: origId,
							startdate: STARTDATE,
							enddate: null,
							accountcode: '',
							callerid: '0400000000',
							did: '',
							direction: 'outbound',
							destination: OTHER_CALL,
							destination_info: '',
							application: '',
							duration: 1,
							billsec: 1,
							cost: null,
							disposition: 'ANSWERED',
							privacy_flag: 0,
						});
					sim.faults.push(...generated.faults);
					const result = await run(generated, proxy?.url ?? sim.url);

					// The call each orig_id stands for: the first item (or row) the node accepts with it.
					const firstOf = new Map<string, number>();
					calls.forEach((call, index) => {
						const key = keyOf(call, operation);
						if (key !== undefined && !firstOf.has(key)) firstOf.set(key, index);
					});
					const storedNow = new Map(sim.state.cdrs.all.map((cdr) => [cdr.orig_id, cdr]));
					expect(sim.state.cdrs.all).toHaveLength(storedNow.size);
					// Calls another feed stored are untouched; ours are stored with their own fields.
					for (const origId of held)
						expect(storedNow.get(origId)).toMatchObject({ destination: OTHER_CALL, billsec: 1 });
					for (const [origId, cdr] of storedNow) {
						if (held.has(origId)) continue;
						expect(firstOf.has(origId)).toBe(true);
						expect(cdr).toMatchObject(fieldsOf(calls[firstOf.get(origId)!]));
					}
					// Every call the run owns is stored: the faults pass, retries ride them out.
					for (const origId of firstOf.keys())
						if (!held.has(origId)) expect(storedNow.has(origId)).toBe(true);
					const lostAnswers = generated.faults.some((fault) => AFTER_WRITE.includes(fault));

					if (operation === 'importFile') {
						expect(result.error).toBeUndefined();
						const [summary] = result.items.map((item) => item.json);
						const ours = [...storedNow.keys()].filter((origId) => !held.has(origId)).length;
						const accepted = summary.accepted as number;
						const refused = summary.refused as number;
						const duplicates = summary.duplicates as number;
						expect(accepted).toBeLessThanOrEqual(ours);
						if (!lostAnswers) expect(accepted).toBe(ours);
						// A duplicate is counted once, whether or not it counts as success: the figures add up.
						expect(accepted + refused + duplicates).toBe(calls.length);
						return;
					}

					expect(result.error).toBeUndefined();
					const out = result.items as INodeExecutionData[];
					expect(out.map((item) => item.pairedItem)).toEqual(calls.map((_, item) => ({ item })));
					out.forEach(({ json }, index) => {
						const call = calls[index];
						const key = keyOf(call, operation);
						if (json.success !== true) {
							// A failure is a failure: it says so, and claims nothing stored.
							expect(typeof json.error).toBe('string');
							return;
						}
						expect(key).toBeDefined();
						if (json.duplicate === true) {
							expect(treatDuplicateAsSuccess).toBe(true);
							expect(storedNow.has(key!)).toBe(true);
							if (json.duplicateOfItem !== undefined) {
								const of = json.duplicateOfItem as number;
								expect(out[of].json.success).toBe(true);
								expect(fieldsOf(calls[of])).toEqual(fieldsOf(call));
							}
							return;
						}
						// Reported stored: it is this item's own call, stored by this run, with its fields.
						expect(held.has(key!)).toBe(false);
						expect(firstOf.get(key!)).toBe(index);
						expect(json.yourid).toBe(key);
						expect(storedNow.get(key!)).toMatchObject(fieldsOf(call));
					});
					// Without a lost answer, every call the run owns is reported stored by its first item.
					if (!lostAnswers)
						for (const [origId, index] of firstOf)
							if (!held.has(origId))
								expect(out[index].json).toMatchObject({ success: true, yourid: origId });
				} finally {
					await proxy?.close();
					await sim.close();
				}
			}),
			settings,
		);
	},
	PER_RUN_MS * (settings.numRuns ?? 1) + 30_000,
);
