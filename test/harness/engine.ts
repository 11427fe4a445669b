import { Container } from '@n8n/di';
import {
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	WorkflowExecute,
} from 'n8n-core';
import { SSHClientsManager } from 'n8n-core/dist/execution-engine/ssh-clients-manager';
import { createRunExecutionData, NodeHelpers, Workflow } from 'n8n-workflow';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { TestCredentialsHelper } from './credentials';

class NodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType | IVersionedNodeType>) {}

	getByName(name: string) {
		return this.types[name];
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.types[name], version);
	}

	getKnownTypes() {
		return {};
	}
}

/** A file the input node attaches to an item, stored through n8n's binary data service (any mode). */
export interface InputFile {
	content: string | Buffer;
	fileName: string;
	mimeType?: string;
}

/** A start node that hands the workflow the test's input items, with their files as binary data. */
function inputNodeType(
	items: IDataObject[],
	files: Array<Record<string, InputFile>> = [],
): INodeType {
	return {
		description: {
			displayName: 'Test Input',
			name: 'testInput',
			group: ['input'],
			version: 1,
			description: 'Emits the test items',
			defaults: { name: 'Input' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const out: INodeExecutionData[] = [];
			for (const [index, json] of items.entries()) {
				const item: INodeExecutionData = { json, pairedItem: { item: 0 } };
				for (const [property, file] of Object.entries(files[index] ?? {})) {
					item.binary ??= {};
					item.binary[property] = await this.helpers.prepareBinaryData(
						Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
						file.fileName,
						file.mimeType ?? 'text/csv',
					);
				}
				out.push(item);
			}
			return [out];
		},
	};
}

/** Credentials besides the API credential, by type name (e.g. the portal login). */
export type OtherCredentials = Record<string, ICredentialDataDecryptedObject>;

// The package's other credential types the harness can give a node.
const OTHER_CREDENTIAL_TYPES: ICredentialType[] = [new TelcoBillingPortalLoginApi()];

export interface RunOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	otherCredentials?: OtherCredentials;
	input?: IDataObject[];
	/** Files per input item, by binary property. */
	inputFiles?: Array<Record<string, InputFile>>;
	continueOnFail?: boolean;
	/** The node's On Error setting, where a test needs one other than Continue On Fail's regular output. */
	onError?: INode['onError'];
	/** The node's other settings, as a user sets them in its Settings tab (Retry On Fail, Execute Once…). */
	settings?: NodeSettings;
	/** The node's version in the workflow (1 unless given: what saved workflows hold). */
	typeVersion?: number;
	/**
	 * Run the node's AI tool variant: n8n's own loader names it `<name>Tool`, which is what its
	 * `@tool` display conditions read. Its output stays on `main` here so the harness reads it; an
	 * agent receives the same items.
	 */
	asTool?: boolean;
}

/**
 * What a user sets in a node's Settings tab besides On Error: n8n acts on them around the node (it calls the
 * node again after a failure, runs it for the first item only, outputs an empty item after no output).
 */
export type NodeSettings = Partial<
	Pick<INode, 'retryOnFail' | 'maxTries' | 'waitBetweenTries' | 'executeOnce' | 'alwaysOutputData'>
>;

export interface RunResult {
	run: IRun;
	/** The node's main output items (empty when the node failed). */
	items: INodeExecutionData[];
	/** Every output of the node (the error output second, under On Error "continue using error output"). */
	outputs: INodeExecutionData[][];
	/** The node's error, as the engine stored it in the run data. */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string | null };
}

const NODE_NAME = 'Telco Billing';

/** The node as n8n's loader offers it to an agent: the same node under the name `<name>Tool`. */
function toolVariant(nodeType: INodeType): INodeType {
	const variant = Object.create(nodeType) as INodeType;
	variant.description = {
		...nodeType.description,
		name: `${nodeType.description.name}Tool`,
		displayName: `${nodeType.description.displayName} Tool`,
	};
	return variant;
}

function buildWorkflow(
	options: Pick<
		RunOptions,
		| 'nodeType'
		| 'parameters'
		| 'input'
		| 'inputFiles'
		| 'continueOnFail'
		| 'onError'
		| 'settings'
		| 'otherCredentials'
		| 'typeVersion'
		| 'asTool'
	>,
) {
	const nodeType = options.asTool ? toolVariant(options.nodeType) : options.nodeType;
	const typeName = `n8n-nodes-telco-billing.${nodeType.description.name}`;
	const nodeTypes = new NodeTypes({
		testInput: inputNodeType(options.input ?? [{}], options.inputFiles),
		[typeName]: nodeType,
	});
	const input: INode = {
		id: 'input',
		name: 'Input',
		type: 'testInput',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const node: INode = {
		id: 'telco',
		name: NODE_NAME,
		type: typeName,
		typeVersion: options.typeVersion ?? 1,
		position: [200, 0],
		parameters: options.parameters,
		credentials: {
			telcoBillingApi: { id: '1', name: 'Telco Billing (test)' },
			...Object.fromEntries(
				Object.keys(options.otherCredentials ?? {}).map((type) => [
					type,
					{ id: type, name: `${type} (test)` },
				]),
			),
		},
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.onError ? { onError: options.onError } : {}),
		// n8n waits at least waitBetweenTries ms between tries in real time (a 0 means its default, 1 s).
		...(options.settings?.retryOnFail ? { waitBetweenTries: 1 } : {}),
		...options.settings,
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		name: 'Test',
		nodes: [input, node],
		connections: { Input: { main: [[{ node: NODE_NAME, type: 'main', index: 0 }]] } },
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	return { workflow, input, node };
}

// Each run its own execution, as in n8n: two runs at once are two executions, never one node run.
let executions = 0;

function buildAdditionalData(
	workflow: Workflow,
	credentials: ICredentialDataDecryptedObject,
	others: OtherCredentials = {},
): IWorkflowExecuteAdditionalData {
	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: workflow.id,
		name: workflow.name,
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
		activeVersionId: null,
	} as never);
	return {
		credentialsHelper: new TestCredentialsHelper(
			new TelcoBillingApi(),
			credentials,
			OTHER_CREDENTIAL_TYPES.filter((type) => others[type.name]).map((type) => [
				type,
				others[type.name],
			]),
		),
		hooks,
		executionId: `test-${++executions}`,
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		getRunExecutionData: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('not used');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

/** Runs one of our nodes for real: n8n-core's WorkflowExecute, our credential, real HTTP. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const { input } = buildWorkflow(options);
	const runData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [{ node: input, data: { main: [[{ json: {} }]] }, source: null }],
		},
	});
	return await execute(options, runData, 'manual');
}

async function execute(
	options: RunOptions,
	runData: IRunExecutionData,
	mode: WorkflowExecuteMode,
): Promise<RunResult> {
	const { workflow } = buildWorkflow(options);
	const additionalData = buildAdditionalData(
		workflow,
		options.credentials,
		options.otherCredentials,
	);
	const run = await new WorkflowExecute(additionalData, mode, runData).processRunExecutionData(
		workflow,
	);
	const tasks = run.data.resultData.runData[NODE_NAME] ?? [];
	const task = tasks[tasks.length - 1];
	return {
		run,
		items: task?.data?.main?.[0] ?? [],
		outputs: (task?.data?.main ?? []).map((output) => output ?? []),
		error: (task?.error ?? run.data.resultData.error) as RunResult['error'],
	};
}

/**
 * A failed execution retried from n8n's executions list, as n8n does it: a new execution in mode 'retry' from
 * the failed one's data as its database stored it (JSON), the failed run of the node that stopped removed, its
 * error cleared, so the node runs again with the same input. `options` may differ from the first run's (n8n's
 * "retry with the currently saved workflow").
 */
export async function retryExecution(options: RunOptions, failed: RunResult): Promise<RunResult> {
	const stored = JSON.parse(JSON.stringify(failed.run.data)) as IRunExecutionData;
	const { resultData } = stored;
	const last = resultData.lastNodeExecuted;
	delete resultData.error;
	const runs = last ? resultData.runData[last] : undefined;
	if (runs?.length && runs[runs.length - 1].error !== undefined) runs.pop();
	// As n8n's retry does: the nodes waiting to run are the workflow's as it is now (a node fixed since runs fixed).
	const { workflow } = buildWorkflow(options);
	for (const waiting of stored.executionData?.nodeExecutionStack ?? [])
		waiting.node = workflow.getNode(waiting.node.name) ?? waiting.node;
	return await execute(options, stored, 'retry');
}

export interface LoadOptionsRun {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** `loadOptions.<method>` for a dropdown, `listSearch.<method>` for a resource locator's list. */
	method: string;
	filter?: string;
	/**
	 * Path of the parameter being loaded, e.g. `parameters.filters.rows[0].option` (for `&sibling`
	 * lookups).
	 */
	path?: string;
}

/** Calls a dropdown or list-search method the way the editor does: through n8n-core's LoadOptionsContext. */
export async function loadNodeOptions(options: LoadOptionsRun): Promise<unknown> {
	const { workflow, node } = buildWorkflow(options);
	const additionalData = buildAdditionalData(workflow, options.credentials);
	additionalData.currentNodeParameters = options.parameters;
	const context = new LoadOptionsContext(
		workflow,
		node,
		additionalData,
		options.path ?? 'parameters',
	);
	const [kind, name] = options.method.split('.') as ['loadOptions' | 'listSearch', string];
	const method = options.nodeType.methods?.[kind]?.[name] as
		| ((this: unknown, filter?: string) => Promise<unknown>)
		| undefined;
	if (!method) throw new Error(`${options.nodeType.description.name} has no ${options.method}`);
	return await method.call(context, options.filter);
}

/**
 * A polling trigger as n8n runs it once activated: the same Workflow object across polls, so static data
 * carries over. n8n writes static data to its database only at activation (after the first poll) and after
 * a poll that emitted items; `restart()` makes a new Workflow object from what it wrote, as after an n8n
 * restart or a reactivation.
 */
export class PollingTrigger {
	private workflow!: Workflow;
	private node!: INode;
	private saved: IDataObject = {};
	private activated = false;

	constructor(
		private readonly nodeType: INodeType,
		private readonly parameters: INodeParameters,
		private readonly credentials: ICredentialDataDecryptedObject,
	) {
		this.build({});
	}

	private build(staticData: IDataObject): void {
		const typeName = `n8n-nodes-telco-billing.${this.nodeType.description.name}`;
		this.node = {
			id: 'trigger',
			name: 'Trigger',
			type: typeName,
			typeVersion: 1,
			position: [0, 0],
			parameters: this.parameters,
			credentials: { telcoBillingApi: { id: '1', name: 'Telco Billing (test)' } },
		};
		this.workflow = new Workflow({
			id: 'trigger-workflow',
			name: 'Trigger test',
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: new NodeTypes({ [typeName]: this.nodeType }),
			staticData,
			settings: { executionOrder: 'v1' },
		});
		this.activated = false;
	}

	/** One poll through n8n-core's PollContext; 'manual' is the editor's "fetch test event". */
	async poll(mode: 'trigger' | 'manual' = 'trigger') {
		const additionalData = buildAdditionalData(this.workflow, this.credentials);
		const context = new PollContext(this.workflow, this.node, additionalData, mode, 'activate');
		const result = await this.nodeType.poll!.call(context);
		if (mode === 'trigger' && (!this.activated || result)) this.saved = this.staticData;
		if (mode === 'trigger') this.activated = true;
		return result;
	}

	/**
	 * One poll as n8n's durable scheduler runs it (n8n 2.32+, with durable cursors 2.36+): a task on a new
	 * Workflow object built from the committed state, activation mode 'update'; the state the poll leaves is
	 * committed when it returns (with the execution, or alone when it emits nothing) and dropped when it
	 * throws.
	 */
	async durablePoll() {
		this.build(this.savedStaticData);
		const additionalData = buildAdditionalData(this.workflow, this.credentials);
		const context = new PollContext(this.workflow, this.node, additionalData, 'trigger', 'update');
		const result = await this.nodeType.poll!.call(context);
		this.saved = this.staticData;
		this.activated = true;
		return result;
	}

	/** The trigger's stored state, as JSON (what the running n8n holds between polls). */
	get staticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
	}

	/** What n8n last wrote to its database. */
	get savedStaticData(): IDataObject {
		return JSON.parse(JSON.stringify(this.saved)) as IDataObject;
	}

	/** A new activation from what n8n wrote, or from the given static data (e.g. saved by an older version). */
	restart(staticData: IDataObject = this.savedStaticData): void {
		this.saved = staticData;
		this.build(JSON.parse(JSON.stringify(staticData)) as IDataObject);
	}
}

/** n8n-core starts a 60 s timer when the first execution context is built; jest waits for it otherwise. */
export async function shutdownEngine(): Promise<void> {
	await Container.get(SSHClientsManager).onShutdown();
}
