import type { INodeProperties, NodeParameterValue } from 'n8n-workflow';
import { requestOptionsField } from '../../nodes/shared/transport/requestOptions';
import { shutdownEngine } from '../harness/engine';
import type { RunResult } from '../harness/engine';
import { OPERATION_RUNS, runOperation } from '../harness/operationRuns';
import { startSimulator } from '../simulator/app';
import type { ReceivedRequest, Simulator } from '../simulator/app';

/*
 * A Request Option offered but never applied to the requests is a setting that lies. So each option says here how
 * a test sees it change the requests (OBSERVED, keyed by the option's name): the value it is given, what the
 * platform does meanwhile, and what every run shows because of it. An option without its entry fails; each
 * observation runs over every operation of every action node, and fails on a run without the option.
 */

interface Observation {
	value: NodeParameterValue;
	/** The platform during the run: what the option acts on (a slow answer for a timeout). */
	platform?: (sim: Simulator) => void;
	/** Throws unless the run shows the option's effect: its items and error, the requests the simulator received. */
	seen: (run: RunResult, requests: ReceivedRequest[]) => void;
}

const OBSERVED: Record<string, Observation> = {
	// Each request outlasts a fiftieth of a second (the platform answers after 250 ms): every item fails naming the
	// option and its value. A read's five tries take a tenth of a second, so the whole table takes seconds.
	timeout: {
		value: 0.02,
		platform: (sim) => (sim.latency.ms = 250),
		seen: ({ items, error }) => {
			// Under Continue On Fail each item carries its error; a node that fails whole (Get Prices) has one.
			const errors = error ? [error.message] : items.map(({ json }) => String(json.error));
			expect(errors.length).toBeGreaterThan(0);
			for (const message of errors)
				expect(message).toMatch(
					/did not answer within 0\.02 s \(the node's Request Timeout option\)/,
				);
		},
	},
};

const OPTIONS = (requestOptionsField.options as INodeProperties[]).map(({ name }) => name);

afterAll(async () => await shutdownEngine());
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

/** The run under `observation`'s platform, with the option set or not. */
async function observe(run: (typeof OPERATION_RUNS)[number], name: string, withOption: boolean) {
	const { value, platform } = OBSERVED[name];
	platform?.(sim);
	const requestOptions = withOption ? { [name]: value } : {};
	return await runOperation(run, sim, { parameters: { requestOptions }, continueOnFail: true });
}

test('every Request Option says how a test sees it change the requests; every entry is an option', () => {
	expect(OPTIONS.length).toBeGreaterThan(0);
	expect({ unobserved: OPTIONS.filter((name) => !OBSERVED[name]) }).toEqual({ unobserved: [] });
	expect({ noSuchOption: Object.keys(OBSERVED).filter((name) => !OPTIONS.includes(name)) }).toEqual(
		{
			noSuchOption: [],
		},
	);
});

test('every action node offers the Request Options, each operation alike', () => {
	const nodes = new Set(OPERATION_RUNS.map(({ nodeType }) => nodeType));
	for (const { description } of nodes)
		expect(description.properties.find(({ name }) => name === 'requestOptions')).toBe(
			requestOptionsField,
		);
});

describe.each(OPTIONS.filter((name) => OBSERVED[name]))('the %s option', (name) => {
	test('its observation tells a run with the option from one without it', async () => {
		const [balance] = OPERATION_RUNS.filter(({ label }) => label.endsWith('→ Get Balance'));
		const without = await observe(balance, name, false);
		expect(() => OBSERVED[name].seen(without, sim.requests)).toThrow();
		await sim.renew();
		OBSERVED[name].seen(await observe(balance, name, true), sim.requests);
	});

	test.each(OPERATION_RUNS.map((run) => [run.label, run] as const))(
		'%s: its requests are given it',
		async (_label, run) => OBSERVED[name].seen(await observe(run, name, true), sim.requests),
	);
});
