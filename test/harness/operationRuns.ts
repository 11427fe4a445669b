import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { isRepeatable } from '../../nodes/shared/operation/operations';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import type { Simulator } from '../simulator/app';
import { sampleCdr } from '../simulator/sampleCdr';
import seed from '../simulator/seed.json';
import { runNode } from './engine';
import type { InputFile, RunOptions, RunResult } from './engine';
import { DEMO_KEY } from './nodeRunner';
import { readParameters } from './readParameters';
import { NODE_TYPES, ROWS } from './tables';
import type { Row } from './tables';
import { WRITE_NEEDS, parametersFor, prepareFor } from './writeParameters';

/*
 * "The parameters of row R", one way for reads and writes alike, and every operation of every action node as a
 * run on the seeded simulator: the table rows (reads as readParameters.ts gives them, writes as
 * writeParameters.ts does, with what they need put on the platform first) and the Call Record node's
 * operations, which have no table. A suite holding every operation to a property (a Request Option, a
 * setting) iterates OPERATION_RUNS and runs each with runOperation, adding only what it varies.
 */

/** The parameters of a table row on the seeded simulator; a write's records (a contact, a charge item) are put there first. */
export function rowParameters(row: Row, sim: Simulator): INodeParameters {
	if (isRepeatable(row.op)) return readParameters(row, sim);
	prepareFor(row, sim);
	return parametersFor(row, sim);
}

/** Rows that send a request: not those the spec gives no way to carry out (refused before any request). */
export const SENDING_ROWS: Row[] = ROWS.filter(
	({ resource, op }) => !WRITE_NEEDS[`${resource} ${op.value}`]?.refused,
);

/** What one run of an operation is given. */
export interface OperationInput {
	parameters: INodeParameters;
	input: IDataObject[];
	inputFiles?: RunOptions['inputFiles'];
}

/** One operation of an action node, runnable on the seeded simulator. */
export interface OperationRun {
	/** `customer contact → Get Many`: the node, the resource and the operation's name. */
	label: string;
	nodeType: INodeType;
	/** Its parameters and input items on `sim`, after putting there what it needs. */
	given(sim: Simulator): OperationInput;
}

const CALL_RECORD = new TelcoBillingCallRecord();

/** A call the seeded platform rates (a seeded service's number calling a mobile), `n` its orig_id's end. */
const cdr = (n: number): IDataObject => ({
	orig_id: `operation-run-${n}`,
	startdate: '2026-11-20 10:00:00',
	callerid: '0412346601',
	direction: 'outbound',
	destination: '0498765432',
	billsec: 60,
	duration: 65,
});

let calls = 0;

/** A billed call of the demo department: a call stored and rated, as an import leaves it. */
function billedCall(sim: Simulator): string {
	calls += 1;
	const call = sampleCdr(`operation-run-billed-${calls}`, '2026-11-20 10:00:00', 60);
	const stored = sim.state.cdrs.insert('demo-switch', 1, {
		...call,
		callerid: String(cdr(0).callerid),
		destination: String(cdr(0).destination),
	});
	sim.state.cdrs.rate();
	return String(stored!.id);
}

const csv = (...lines: IDataObject[]): InputFile => ({
	content: [
		'orig_id,startdate,callerid,direction,destination,duration,billsec',
		...lines.map((l) =>
			[l.orig_id, l.startdate, l.callerid, l.direction, l.destination, l.duration, l.billsec].join(
				',',
			),
		),
	].join('\n'),
	fileName: 'calls.csv',
	mimeType: 'text/csv',
});

/** The Call Record node's operations (a programmatic node: no table), each with what it reads. */
const CALL_RECORD_RUNS: Record<string, (sim: Simulator) => Partial<OperationInput>> = {
	add: () => ({ parameters: { dataMode: 'autoMap' }, input: [cdr(1)] }),
	addMany: () => ({ parameters: { dataMode: 'autoMap' }, input: [cdr(2), cdr(3)] }),
	// Waiting out an outage for a second, not five minutes: a suite that makes every request fail meets the end.
	importFile: () => ({
		parameters: { importOptions: { outageSeconds: 1 } },
		inputFiles: [{ data: csv(cdr(4), cdr(5)) }],
	}),
	getImportStatus: () => ({}),
	getRatingStatus: () => ({}),
	getPrice: (sim) => ({ parameters: { billedCallId: billedCall(sim) } }),
	getPrices: (sim) => ({ parameters: { billedCallId: billedCall(sim) } }),
	getExportSchedules: () => ({}),
};

/** Every operation of every action node: the sending table rows, then the Call Record node's. */
export const OPERATION_RUNS: OperationRun[] = [
	...SENDING_ROWS.map((row) => ({
		label: `${row.node} ${row.resource} → ${row.op.name}`,
		nodeType: NODE_TYPES[row.node],
		given: (sim: Simulator) => ({ parameters: rowParameters(row, sim), input: [{}] }),
	})),
	...Object.entries(CALL_RECORD_RUNS).map(([operation, given]) => ({
		label: `callRecord callRecord → ${operation}`,
		nodeType: CALL_RECORD,
		given: (sim: Simulator) => {
			const { parameters, input = [{}], inputFiles } = given(sim);
			return {
				parameters: { resource: 'callRecord', operation, ...parameters },
				input,
				inputFiles,
			};
		},
	})),
];

const PORTAL_LOGIN = new TelcoBillingPortalLoginApi().name;

/**
 * Runs the operation through n8n's engine against `sim`, with its parameters and `parameters` over them (a
 * Request Option, a switch), the API credential and the portal login the seed holds.
 */
export async function runOperation(
	run: OperationRun,
	sim: Simulator,
	options: { parameters?: INodeParameters } & Pick<RunOptions, 'continueOnFail' | 'settings'> = {},
): Promise<RunResult> {
	const { parameters, input, inputFiles } = run.given(sim);
	const [portalUser] = seed.portalUsers;
	return await runNode({
		nodeType: run.nodeType,
		parameters: { ...parameters, ...options.parameters },
		input,
		inputFiles,
		continueOnFail: options.continueOnFail,
		settings: options.settings,
		credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
		otherCredentials: {
			[PORTAL_LOGIN]: {
				baseUrl: sim.url,
				username: portalUser.username,
				password: portalUser.password,
			},
		},
	});
}
