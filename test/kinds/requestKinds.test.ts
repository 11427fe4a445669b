import type { INodeParameters } from 'n8n-workflow';
import { endpointFor } from '../../nodes/shared/platform/endpointFacts';
import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { SENDING_ROWS, rowParameters } from '../harness/operationRuns';
import { NODE_TYPES } from '../harness/tables';
import type { Row } from '../harness/tables';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { reportMeasurement } from '../properties/settings';

// Issue 43: every request is classed read or write by the spec's one source (its endpoint's kind), never by a
// default of its method. Over the whole table, each request an operation makes is answered 503 in turn: a read is
// sent again and the item ends as it would have; a write is never sent again (unless its operation knows it is
// harmless, an update setting the same values) and its failure says it may or may not have been carried out; a read
// never says so. Bulk Email Create's audience count (a POST that reads) was a "write" by its method.

const UNCERTAIN = /may or may not have been carried out/;
/** Writes their operation sends again, knowing it harmless: Create or Update's update sets the same values. */
const HARMLESS = new Set(['customer upsert POST /customer/update/{cid}']);

afterAll(async () => await shutdownEngine());

let sim: Simulator;
beforeAll(async () => {
	sim = await startSimulator();
});
beforeEach(async () => await sim.renew());
afterAll(async () => await sim.close());

const parametersOf = (row: Row) => rowParameters(row, sim);

async function run(row: Row, parameters: INodeParameters) {
	return await runNode({
		nodeType: NODE_TYPES[row.node],
		parameters,
		input: [{}],
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		otherCredentials: { [PORTAL]: { baseUrl: sim.url, ...SANDBOX_LOGIN } },
	});
}

/** The endpoint a request the simulator received went to, as the spec's table names it. */
function endpointOf(request: { method: string; url: string }) {
	const url = request.url.split('?')[0];
	return (
		endpointFor(request.method, url) ?? endpointFor(request.method, url.replace(/^\/[^/]+/, ''))
	);
}

const measured = { operations: 0, requests: 0, reads: 0, writes: 0, harmless: 0 };
afterAll(() =>
	reportMeasurement(
		`request kinds: ${measured.operations} operations, ${measured.requests} requests each answered 503 in ` +
			`turn: ${measured.reads} reads sent again, ${measured.writes} writes not sent again and reported as maybe ` +
			`carried out, ${measured.harmless} harmless writes sent again`,
	),
);

describe.each(
	SENDING_ROWS.map((row) => [`${row.node} ${row.resource} → ${row.op.name}`, row] as const),
)('%s', (_label, row) => {
	test('each of its requests answered 503: a read is sent again, a write is not and says it may have been carried out', async () => {
		const parameters = parametersOf(row);
		const clean = await run(row, parameters);
		const sequence = sim.requests.map((request) => ({ ...request }));
		expect(sequence.length).toBeGreaterThan(0);
		measured.operations++;
		for (let k = 0; k < sequence.length; k++) {
			await sim.renew();
			const again = parametersOf(row);
			sim.faults.push(...Array<'pass'>(k).fill('pass'), 'http503');
			const result = await run(row, again);
			const failed = sim.requests[k];
			const facts = endpointOf(failed);
			expect(facts).toBeDefined();
			// Sent again: the same request more often than in the clean run (others may come between).
			const same = (list: typeof sequence) =>
				list.filter((one) => one.method === failed.method && one.url === failed.url).length;
			const sentAgain = same(sim.requests) > same(sequence);
			const error = `${result.error?.message ?? ''} ${result.error?.description ?? ''}`;
			const harmless = HARMLESS.has(
				`${row.resource} ${row.op.value} ${failed.method} ${facts?.path}`,
			);
			measured.requests++;
			if (facts?.kind === 'read' || harmless) {
				expect({ k, request: `${failed.method} ${facts?.path}`, sentAgain }).toEqual({
					k,
					request: `${failed.method} ${facts?.path}`,
					sentAgain: true,
				});
				// Tried again, the item ends as the clean run's did.
				const told = (message?: string) => message?.replace(/ \(tried \d+ times over \d+ s\)$/, '');
				expect(told(result.error?.message)).toBe(told(clean.error?.message));
				expect(result.items.length).toBe(clean.items.length);
				if (harmless) measured.harmless++;
				else measured.reads++;
			} else if (row.op.readsBeforeWriting) {
				// Create or Update looks again after a lost write before it writes (its own rule, customer.upsert.ts):
				// the transport never sends the write again itself.
				const next = sim.requests[k + 1];
				expect(next?.method === failed.method && next?.url === failed.url).toBe(false);
				measured.writes++;
			} else {
				expect({ request: `${failed.method} ${facts?.path}`, sentAgain }).toEqual({
					request: `${failed.method} ${facts?.path}`,
					sentAgain: false,
				});
				expect(error).toMatch(UNCERTAIN);
				measured.writes++;
			}
			if (facts?.kind === 'read') expect(error).not.toMatch(UNCERTAIN);
		}
	});
});
