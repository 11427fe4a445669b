import type { INodeProperties, INodeType } from 'n8n-workflow';
import { balanceRun } from '../harness/balanceRun';
import { shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { OPERATION_RUNS } from '../harness/operationRuns';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';

/*
 * Every action node offers a Request Timeout (Seconds) under Request Options, n8n's name for what its HTTP nodes
 * offer; a request that outlasts it fails naming the option and its value. Timeouts here are fractions of a second
 * (the editor asks for at least one; a run takes what it is given).
 */

afterAll(async () => await shutdownEngine());

// One simulator, renewed before each test: closing one would wait out the slow answers a test left behind.
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

const EVERY_ACTION_NODE: Record<string, INodeType> = Object.fromEntries(
	OPERATION_RUNS.map(({ nodeType }) => [nodeType.description.name, nodeType]),
);

const TIMED_OUT =
	/^The billing platform did not answer within 0\.1 s \(the node's Request Timeout option\)/;

function timeoutOption(nodeType: INodeType): INodeProperties | undefined {
	const collection = nodeType.description.properties.find(({ name }) => name === 'requestOptions');
	return (collection?.options as INodeProperties[] | undefined)?.find(
		({ name }) => name === 'timeout',
	);
}

test.each(Object.keys(EVERY_ACTION_NODE))(
	'the %s node offers Request Options → Request Timeout (Seconds), shown for every operation',
	(node) => {
		const { properties } = EVERY_ACTION_NODE[node].description;
		const collection = properties.find(({ name }) => name === 'requestOptions');
		expect(collection).toMatchObject({
			displayName: 'Request Options',
			type: 'collection',
			default: {},
		});
		expect(collection?.displayOptions).toBeUndefined();
		expect(timeoutOption(EVERY_ACTION_NODE[node])).toMatchObject({
			displayName: 'Request Timeout (Seconds)',
			type: 'number',
			default: 300,
		});
	},
);

// That every request of every operation of every action node is given it: test/transport/requestOptions.test.ts.

describe('the timeout’s unit and its default', () => {
	test('a platform answering within the timeout is waited for: the value is seconds', async () => {
		sim.latency.ms = 300;
		const result = await balanceRun({ baseUrl: sim.url, apiKey: DEMO_KEY }, { timeout: 2 });
		expect(result.items[0].json).toEqual(expect.objectContaining({ balance: expect.anything() }));
	});

	test('a read that times out is tried again; the error says what to change', async () => {
		sim.faults.push('hang', 'hang', 'hang', 'hang', 'hang');
		const result = await balanceRun({ baseUrl: sim.url, apiKey: DEMO_KEY }, { timeout: 0.1 });
		expect(result.error?.message).toMatch(TIMED_OUT);
		expect(result.error?.message).toContain('(tried 5 times');
		expect(result.error?.description).toBe(
			"The billing platform did not answer within 0.1 s, the time the node's Request Timeout (Seconds) " +
				'option gives each request. It may be busy: try again, or allow more time there.',
		);
	});
});
