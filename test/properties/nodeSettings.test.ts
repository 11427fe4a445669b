import fc from 'fast-check';
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { retryExecution, runNode, shutdownEngine } from '../harness/engine';
import type { NodeSettings, RunOptions, RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { faultSchedule, faultShares } from './platform';
import { parametersFor, prepareFor, WRITE_NEEDS } from '../harness/writeParameters';
import { propertySettings } from './settings';

/*
 * What n8n does around a node is drawn like the platform: On Error in each mode, Retry On Fail (n8n calls the
 * node again, whole, after it throws, or under Continue after its first item is an error), a failed execution
 * retried from the executions list, Execute Once, Always Output Data, and the node run as an AI tool. Over every
 * write of the operation table, on a bad day:
 * - no item's write reaches the platform twice;
 * - every output item is paired to an input item, and under Continue every input item has its outcome;
 * - a tool answers every refusal and failure in a sentence naming the argument the model filled, never a throw;
 * - a failure every item would meet (a refused key) is never hidden behind a success.
 */

afterAll(async () => await shutdownEngine());

const writes = ROWS.filter(({ op }) => !isRepeatable(op));

/** The row's parameters (parametersFor), every value a model fills given by $fromAI when run as a tool. */
function parametersOf(
	row: (typeof writes)[number],
	asTool: boolean,
	sim: Simulator,
): { parameters: INodeParameters; args: Record<string, unknown> } {
	const parameters = parametersFor(row, sim);
	const args: Record<string, unknown> = {};
	if (!asTool) return { parameters, args };
	const fieldTypes = new Map((row.op.fields ?? []).map((field) => [field.name, field.type]));
	for (const [name, stored] of Object.entries(parameters)) {
		const locator = typeof stored === 'object' && stored !== null && '__rl' in stored;
		const value = locator ? (stored as { value: unknown }).value : stored;
		// What a model fills: values, not the choices that shape the operation (the user sets those).
		const filled =
			(typeof value === 'string' || typeof value === 'number') &&
			!['resource', 'operation'].includes(name) &&
			!['options', 'boolean'].includes(fieldTypes.get(name) ?? '');
		if (!filled) continue;
		args[`${name}Arg`] = value;
		const expression = `={{ $fromAI("${name}Arg", "", "string") }}`;
		parameters[name] = locator ? { __rl: true, mode: 'id', value: expression } : expression;
	}
	return { parameters, args };
}

/** A request the platform acts on by changing something: what must never arrive twice for one item. */
function isWrite({ method, url }: { method: string; url: string }): boolean {
	const path = url.split('?')[0];
	if (method === 'GET') return /setManagementStatus|\/delete$|doETF|resetdb/.test(path);
	return !/\/(search|filter|preview|getFilters|qualify|avc|doMultipleETF\/calculate|report)/i.test(
		path,
	);
}

/** The writes the platform carried out, each as method, path and body; the key (which may rotate) left out. */
function writesOf(sim: Simulator): string[] {
	return sim.handled
		.filter(isWrite)
		.map(
			(request) =>
				`${request.method} ${request.url.replace(/^\/[^/]+/, '/{key}')} ${JSON.stringify(request.body ?? null)}`,
		);
}

function counts(list: string[]): Map<string, number> {
	const out = new Map<string, number>();
	for (const entry of list) out.set(entry, (out.get(entry) ?? 0) + 1);
	return out;
}

const settingsArbitrary = fc.record({
	onError: fc.constantFrom<INode['onError']>(
		'stopWorkflow',
		'continueRegularOutput',
		'continueErrorOutput',
	),
	retryOnFail: fc.boolean(),
	maxTries: fc.integer({ min: 2, max: 3 }),
	executeOnce: fc.boolean(),
	alwaysOutputData: fc.boolean(),
	asTool: fc.boolean(),
	retried: fc.boolean(),
	// Between the failed execution and its retry, the department's key rotated (the credential updated).
	rotated: fc.boolean(),
	items: fc.integer({ min: 1, max: 3 }),
	faults: faultSchedule,
	shares: faultShares,
	// The department's key disabled on the platform: every request answered "invalid key".
	keyRefused: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
});

type Drawn = typeof settingsArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** A new key for the department the demo key belongs to; the old one disabled, as a rotation leaves it. */
function rotatedKey(sim: Simulator): string {
	const old = sim.state.keys.get(DEMO_KEY)!;
	const key = `${DEMO_KEY}-rotated`;
	sim.state.keys.set(key, { ...structuredClone(old), key });
	old.disabled = true;
	return key;
}

function pairedOf(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	const list = Array.isArray(paired) ? paired : paired === undefined ? [] : [paired];
	return list.map((one) => (typeof one === 'number' ? one : one.item));
}

/**
 * The writes a clean run of one item makes (how many times each may arrive per item), and whether its requests
 * carry the key (a password reset's do not).
 */
interface Baseline {
	writes: Map<string, number>;
	keyed: boolean;
}

const baselines = new Map<string, Promise<Baseline>>();

function baseline(row: (typeof writes)[number]): Promise<Baseline> {
	const key = `${row.resource} ${row.op.value}`;
	if (!baselines.has(key))
		baselines.set(
			key,
			(async () => {
				const sim = await startSimulator();
				try {
					prepareFor(row, sim);
					const result = await runNode({
						nodeType: NODE_TYPES[row.node],
						parameters: parametersOf(row, false, sim).parameters,
						credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
					});
					const made = counts(writesOf(sim));
					const keyed = sim.requests.every((request) => request.url.startsWith(`/${DEMO_KEY}/`));
					if (WRITE_NEEDS[key].refused) return { writes: made, keyed };
					if (result.error) throw new Error(`${key}: a clean run failed: ${result.error.message}`);
					if (made.size === 0) throw new Error(`${key}: a clean run wrote nothing`);
					return { writes: made, keyed };
				} finally {
					await sim.close();
				}
			})(),
		);
	return baselines.get(key)!;
}

test('every write of the table is held to these properties', () => {
	expect(writes.map(({ resource, op }) => `${resource} ${op.value}`).sort()).toEqual(
		Object.keys(WRITE_NEEDS).sort(),
	);
});

async function check(row: (typeof writes)[number], drawn: Drawn): Promise<void> {
	const sim = await startSimulator();
	try {
		prepareFor(row, sim);
		sim.modes.retryAfter = 1;
		sim.faults.push(...drawn.faults);
		if (drawn.keyRefused) sim.state.keys.get(DEMO_KEY)!.disabled = true;
		Object.assign(sim.modes, drawn.shares);
		const { parameters, args } = parametersOf(row, drawn.asTool, sim);
		const input = Array.from({ length: drawn.items }, (_, n) => ({ n, ...args }));
		const settings: NodeSettings = {
			retryOnFail: drawn.retryOnFail,
			maxTries: drawn.maxTries,
			executeOnce: drawn.executeOnce,
			alwaysOutputData: drawn.alwaysOutputData,
		};
		const options: RunOptions = {
			nodeType: NODE_TYPES[row.node],
			parameters,
			input,
			onError: drawn.onError,
			settings,
			asTool: drawn.asTool,
			typeVersion: drawn.asTool ? 1.1 : 1,
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		};
		const results: RunResult[] = [await runNode(options)];
		const firstWrites = writesOf(sim);
		if (drawn.retried && results[0].error) {
			const apiKey = drawn.rotated ? rotatedKey(sim) : DEMO_KEY;
			results.push(
				await retryExecution({ ...options, credentials: { baseUrl: sim.url, apiKey } }, results[0]),
			);
		}
		const last = results[results.length - 1];
		const items = drawn.executeOnce ? 1 : drawn.items;

		// No item's write arrives twice: at most what a clean run of the items sends.
		const { writes: perItem, keyed } = await baseline(row);
		for (const [write, count] of counts(writesOf(sim)))
			expect([write, count]).toEqual([write, Math.min(count, (perItem.get(write) ?? 0) * items)]);

		// Every output item is paired to an input item; under Continue, every input item has its outcome.
		const outputs = last.outputs.flat();
		for (const item of outputs)
			for (const index of pairedOf(item)) expect(index).toBeLessThan(drawn.items);
		const continuing = drawn.onError !== 'stopWorkflow';
		if ((continuing || drawn.asTool) && !last.error) {
			const answered = new Set(outputs.flatMap(pairedOf));
			for (let index = 0; index < items; index++)
				expect([index, answered.has(index)]).toEqual([index, true]);
		}

		// A tool answers: one sentence, in the model's terms, never a throw, for every refusal or failure.
		if (drawn.asTool) {
			expect(last.error?.message).toBeUndefined();
			for (const { json } of outputs) {
				if (json.error === undefined) continue;
				const sentence = String(json.error);
				expect(sentence).toMatch(/^[A-Z"]/);
				expect(sentence).not.toMatch(/Node(Operation|Api)Error|\[item \d+\]/);
				for (const name of Object.keys(parameters)) expect(sentence).not.toContain(`(${name})`);
			}
		}

		// A refused key is never a success: the node fails, or under Continue and as a tool every item is an
		// error (n8n would pass a thrown node's input on as if written); nothing is written.
		if (drawn.keyRefused && keyed && results.length === 1) {
			expect(firstWrites).toEqual([]);
			const succeeded = outputs.filter(({ json }) => (json as IDataObject).error === undefined);
			if (last.error === undefined)
				expect(succeeded.filter(({ json }) => Object.keys(json).length > 0)).toEqual([]);
		}
	} finally {
		await sim.close();
	}
}

describe.each(writes.map((row) => [`${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test("under n8n's settings and modes on a bad day: written once, paired, answered, never hidden", async () => {
			await fc.assert(
				fc.asyncProperty(settingsArbitrary, async (drawn) => await check(row, drawn)),
				propertySettings(2),
			);
		});
	},
);
