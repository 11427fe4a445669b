import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { startSimulator } from '../simulator/app';
import type { Fault, Simulator } from '../simulator/app';
import { propertySettings } from './settings';

// Invariant: Simplify and a tool's Output give each input item its record as asked and nothing else: the
// platform's values, the record's id always first, one item per input item paired to it, whatever the
// version, the mode, the fields picked (repeated, unknown, in another case, none) and the platform's
// transient faults (429 with Retry-After, 503, a reset, an HTML page or nothing at 200) on the way.

const nodeType = new TelcoBillingService();
afterAll(async () => await shutdownEngine());

const PER_RUN_MS = 5_000;
const settings = propertySettings<[Case]>(12);

const TEN = [
	'id',
	'cid',
	'service_num',
	'billing_name',
	'service_status',
	'servicetype',
	'monthlyfee',
	'start_date',
	'date_ended',
	'bundle_id',
];
const PICKABLE = ['service_num', 'monthlyfee', 'cost', 'id', 'Service_Num', 'nope', 'parent_id'];

const modeArb = fc.oneof(
	fc.constant({ typeVersion: 1, asTool: false, parameters: {} }),
	fc
		.boolean()
		.map((simple) => ({ typeVersion: 1.1, asTool: false, parameters: { simple } as IDataObject })),
	fc.constantFrom('simplified', 'raw', undefined).map((toolOutput) => ({
		typeVersion: 1.1,
		asTool: true,
		parameters: (toolOutput ? { toolOutput } : {}) as IDataObject,
	})),
	fc.array(fc.constantFrom(...PICKABLE), { maxLength: 6 }).map((selectedFields) => ({
		typeVersion: 1.1,
		asTool: true,
		parameters: { toolOutput: 'selected', selectedFields } as IDataObject,
	})),
);

const caseArb = fc.record({
	// Indexes into the customer's services, repeated within a run; the id as a number or as text.
	items: fc.array(fc.record({ service: fc.nat(4), asText: fc.boolean() }), {
		minLength: 1,
		maxLength: 8,
	}),
	mode: modeArb,
	faults: fc.array(fc.constantFrom<Fault>('http429', 'http503', 'reset', 'html200', 'empty200'), {
		maxLength: 3,
	}),
});
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

function expected(raw: IDataObject, mode: Case['mode']): IDataObject {
	const { typeVersion, asTool } = mode;
	const parameters = mode.parameters as IDataObject;
	const pick = (paths: string[]) =>
		Object.fromEntries(
			['id', ...paths].filter((p) => raw[p] !== undefined).map((p) => [p, raw[p]]),
		);
	if (typeVersion === 1) return raw;
	if (!asTool) return parameters.simple === false ? raw : pick(TEN.slice(1));
	if (parameters.toolOutput === 'raw') return raw;
	if (parameters.toolOutput === 'selected') return pick(parameters.selectedFields as string[]);
	return pick(TEN.slice(1));
}

async function run(sim: Simulator, ids: Array<string | number>, mode: Case['mode']) {
	const parameters: INodeParameters = {
		resource: 'service',
		operation: 'get',
		serviceId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		...(mode.parameters as INodeParameters),
	};
	return await runNode({
		nodeType,
		parameters,
		input: ids.map((id) => ({ id })),
		typeVersion: mode.typeVersion,
		asTool: mode.asTool,
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
	});
}

test(
	'Simplify and Output: each item its own record as asked, the platform’s values, the id first',
	async () => {
		await fc.assert(
			fc.asyncProperty(caseArb, async (generated) => {
				const sim = await startSimulator();
				try {
					const services = sim.state.services.filter((s) => s.deptid === 1).slice(0, 5);
					const ids = generated.items.map(({ service, asText }) => {
						const id = services[service % services.length].id;
						return asText ? String(id) : id;
					});
					// The platform's records as a saved version 1 node reads them, with no fault.
					const reference = await run(sim, ids, {
						typeVersion: 1,
						asTool: false,
						parameters: {},
					});
					expect(reference.error).toBeUndefined();
					sim.faults.push(...generated.faults);
					const result = await run(sim, ids, generated.mode);
					expect(result.error).toBeUndefined();
					expect(result.items).toHaveLength(ids.length);
					result.items.forEach((item, index) => {
						const raw = reference.items[index].json;
						expect(raw.id).toBe(Number(ids[index]));
						expect(item.pairedItem).toEqual({ item: index });
						expect(item.json).toEqual(expected(raw, generated.mode));
						expect(Object.keys(item.json)[0]).toBe('id');
					});
				} finally {
					await sim.close();
				}
			}),
			settings,
		);
	},
	PER_RUN_MS * (settings.numRuns ?? 12),
);
