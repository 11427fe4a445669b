import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { startSimulator } from '../simulator/app';
import type { Simulator, SimulatorOptions } from '../simulator/app';
import { loadNodeOptions, runNode, shutdownEngine } from './engine';
import type { NodeSettings, OtherCredentials, RunOptions, RunResult } from './engine';

export const DEMO_KEY = 'demo-key-0001';
export const OTHER_KEY = 'other-dept-key';

export interface NodeRunner {
	sim(): Simulator;
	/** A dropdown (`loadOptions.x`) or resource-locator list (`listSearch.x`), as the editor calls it. */
	options(
		method: string,
		parameters?: INodeParameters,
		filter?: string,
		path?: string,
	): Promise<unknown>;
	run(
		parameters: INodeParameters,
		options?: {
			input?: IDataObject[];
			continueOnFail?: boolean;
			apiKey?: string;
			baseUrl?: string;
			/** Further credential fields (e.g. maxConcurrency). */
			credential?: IDataObject;
			otherCredentials?: OtherCredentials;
			/** The node's version (1 unless given). */
			typeVersion?: number;
			/** Run the node's AI tool variant. */
			asTool?: boolean;
			/** The node's On Error setting (Continue On Fail sets continueRegularOutput). */
			onError?: RunOptions['onError'];
			/** Retry On Fail, Execute Once, Always Output Data… */
			settings?: NodeSettings;
		},
	): Promise<RunResult>;
}

/** Starts a fresh simulator for the test file and runs the given node type through the engine against it. */
export function useNode(nodeType: INodeType, simulatorOptions: SimulatorOptions = {}): NodeRunner {
	let sim: Simulator | undefined;
	// One simulator for the file, renewed before each test: every test meets the seeded platform, as with a new
	// simulator, without building a server each time.
	beforeEach(async () => {
		if (sim) await sim.renew();
		else sim = await startSimulator(simulatorOptions);
	});
	afterAll(async () => {
		await sim?.close();
		sim = undefined;
		await shutdownEngine();
	});
	return {
		sim: () => sim!,
		options: async (method, parameters = {}, filter, path) =>
			await loadNodeOptions({
				nodeType,
				method,
				parameters,
				filter,
				path,
				credentials: { baseUrl: sim!.url, apiKey: DEMO_KEY },
			}),
		run: async (parameters, options = {}) =>
			await runNode({
				nodeType,
				parameters,
				input: options.input,
				continueOnFail: options.continueOnFail,
				otherCredentials: options.otherCredentials,
				typeVersion: options.typeVersion,
				asTool: options.asTool,
				onError: options.onError,
				settings: options.settings,
				credentials: {
					...(options.credential as Record<string, string>),
					baseUrl: options.baseUrl ?? sim!.url,
					apiKey: options.apiKey ?? DEMO_KEY,
				},
			}),
	};
}

export function jsonOf(result: RunResult): IDataObject[] {
	return result.items.map((item) => item.json);
}
