import type { INodeProperties, INodeType } from 'n8n-workflow';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { balanceRun } from '../harness/balanceRun';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { readParameters } from '../harness/readParameters';
import { parametersFor, prepareFor } from '../harness/writeParameters';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';

/*
 * Every action node offers a Request Timeout (Seconds) under Request Options, n8n's name for what its HTTP nodes
 * offer; every request of the run is given it, and a request that outlasts it fails naming the option and its
 * value. Timeouts here are fractions of a second (the editor asks for at least one; a run takes what it is given).
 */

afterAll(async () => await shutdownEngine());

// One simulator, renewed before each test: closing one would wait out the slow answers a test left behind.
let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

const CALL_RECORD = new TelcoBillingCallRecord();
const EVERY_ACTION_NODE: Record<string, INodeType> = { ...NODE_TYPES, callRecord: CALL_RECORD };

const timedOut = (seconds: string) =>
	new RegExp(
		`^The billing platform did not answer within ${seconds.replace('.', '\\.')} s \\(the node's Request Timeout option\\)`,
	);
const TIMED_OUT = timedOut('0.1');
// Over the whole table, a fiftieth of a second: each request outlasts it (the platform answers after 250 ms), and
// a read's five tries take a tenth of a second, so seventy operations cost a few seconds, not a minute.
const TABLE_TIMEOUT = 0.02;

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

// Every row that sends (Call Rate Card → Update is refused before any request: the API cannot make it).
const SENDING = ROWS.filter(({ resource, op }) => `${resource} ${op.value}` !== 'callRate update');

describe.each(SENDING.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const))(
	'%s',
	(_label, row) => {
		test('a platform slower than the node’s Request Timeout fails the item, naming the option and its value', async () => {
			const write = !isRepeatable(row.op);
			if (write) prepareFor(row, sim);
			const parameters = write ? parametersFor(row, sim) : readParameters(row);
			// Far longer than the timeout, short enough that closing the simulator does not wait on it long.
			sim.latency.ms = 250;
			const result = await runNode({
				nodeType: NODE_TYPES[row.node],
				parameters: { ...parameters, requestOptions: { timeout: TABLE_TIMEOUT } },
				input: [{}],
				continueOnFail: true,
				credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				otherCredentials: { [PORTAL]: { baseUrl: sim.url, ...SANDBOX_LOGIN } },
			});
			// The timeout's words prove a request was tried (a refusal says otherwise); on a busy machine it may end
			// before the simulator has read the request, so what the simulator saw is not counted on.
			expect(result.items.length).toBeGreaterThan(0);
			for (const { json } of result.items)
				expect(String(json.error)).toMatch(timedOut(String(TABLE_TIMEOUT)));
		});
	},
);

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

describe('the Call Record node', () => {
	const cdr = {
		orig_id: 'timeout-1',
		startdate: '2026-11-20 10:00:00',
		callerid: '0412346601',
		direction: 'outbound',
		destination: '0498765432',
		billsec: 60,
		duration: 65,
	};
	test.each([
		['Get Import Status', { operation: 'getImportStatus' }, [{}]],
		['Add', { operation: 'add', dataMode: 'autoMap' }, [cdr]],
		['Add Many', { operation: 'addMany', dataMode: 'autoMap' }, [cdr]],
	] as const)('%s: every request is given the timeout', async (_name, parameters, input) => {
		sim.latency.ms = 1500;
		const result = await runNode({
			nodeType: CALL_RECORD,
			parameters: { resource: 'callRecord', ...parameters, requestOptions: { timeout: 0.1 } },
			input: [...input],
			continueOnFail: true,
			credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		});
		expect(result.items.length).toBeGreaterThan(0);
		for (const { json } of result.items) expect(String(json.error)).toMatch(TIMED_OUT);
	});
});
