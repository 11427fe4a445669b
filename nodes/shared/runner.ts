import { NodeOperationError } from 'n8n-workflow';
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';
import { toPlatformDate, toPlatformDateTime } from './dates';
import { errorItem, NOTHING_SENT, toSafeError } from './errors';
import { fillPath, pathParams } from './operations';
import type { Operation, OperationTable } from './operations';
import { lacksRoot, RecordFailures, recordItems, toRecords } from './output';
import type { RequestInput } from './rules';
import { secretsOf } from './programmatic';
import { platformRequest } from './transport';

// The largest page the query-paged listings accept (serviceType/search: limit at most 100).
const QUERY_PAGE_SIZE = 100;

// A safety stop for a platform that never reports its last page.
const MAX_PAGES = 10_000;

type RunnerContext = IExecutePaginationFunctions;

function readPath(op: Operation, param: RequestInput['param']): IDataObject {
	const values: IDataObject = {};
	for (const { name } of pathParams(op.path)) {
		if (name === 'page') continue;
		const value = param(name, '');
		values[name] = typeof value === 'string' ? value.trim() : (value as string);
	}
	return values;
}

function check(context: RunnerContext, op: Operation, input: RequestInput, itemIndex: number): void {
	for (const { name, optional } of pathParams(op.path)) {
		if (name === 'page' || optional) continue;
		const value = input.path[name];
		if (value === undefined || value === null || String(value) === '') {
			const label = op.fields?.find((field) => field.name === name)?.displayName ?? name;
			throw new NodeOperationError(context.getNode(), `${label} (${name}) is required`, { itemIndex, description: NOTHING_SENT });
		}
	}
	for (const rule of op.rules ?? []) {
		const refusal = rule(input);
		if (refusal) {
			throw new NodeOperationError(context.getNode(), refusal, {
				itemIndex,
				description: NOTHING_SENT,
			});
		}
	}
}

function limitOf(context: RunnerContext, op: Operation): number | undefined {
	if (!op.list || context.getNodeParameter('returnAll', false)) return undefined;
	return context.getNodeParameter('limit', 50) as number;
}

async function fetchPages(
	context: RunnerContext,
	op: Operation,
	options: IHttpRequestOptions,
	path: IDataObject,
	limit: number | undefined,
): Promise<IDataObject[]> {
	const records: IDataObject[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const request = op.pageInQuery
			? { ...options, url: fillPath(op.path, path), qs: { ...options.qs, page, limit: QUERY_PAGE_SIZE } }
			: { ...options, url: fillPath(op.path, { ...path, page }) };
		const body = (await platformRequest(context, request)) as IDataObject;
		const root = op.output?.root ?? 'results';
		const rows = toRecords(body, { ...op.output, root });
		records.push(...rows);
		// An answer without its list key was output whole; its pages cannot be walked.
		if (lacksRoot(body, root)) break;
		// Listings give total_pages, or total and page_size (bulk email campaigns).
		const totalPages = body?.total_pages !== undefined ? Number(body.total_pages) : Math.ceil(Number(body?.total) / Number(body?.page_size));
		const lastPage = Number.isFinite(totalPages) ? page >= totalPages : rows.length === 0;
		if (rows.length === 0 || lastPage || (limit !== undefined && records.length >= limit)) break;
	}
	return records;
}

async function operationSecrets(context: RunnerContext, op: Operation, input: RequestInput): Promise<string[]> {
	const values = [...(op.secretFields ?? []).map((field) => input.body[field]), ...(op.secretParams ?? []).map((name) => input.param(name, ''))];
	return await secretsOf(context, values.map((value) => String(value ?? '')));
}

/**
 * The node-level request runner every declarative node in this package uses. RoutingNode has already
 * turned the parameters into method, path template, query and body; this checks the input, fills the
 * path, sends, walks pages, maps the platform's failures and pairs every output item with its input.
 */
export function createRunner(table: OperationTable) {
	return async function run(
		this: RunnerContext,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const resource = this.getNodeParameter('resource', '') as string;
		const operation = this.getNodeParameter('operation', '') as string;
		const op = table.get(resource)?.get(operation);
		const input: RequestInput = {
			path: {},
			body: { ...((requestData.options.body as IDataObject) ?? {}) },
			qs: { ...(requestData.options.qs ?? {}) },
			// Parameters hidden for this operation are absent from the node: their fallback applies.
			param: (name, fallback) =>
				this.getNode().parameters[name] === undefined ? fallback : this.getNodeParameter(name, fallback, { extractValue: true }),
		};
		try {
			if (!op) throw new NodeOperationError(this.getNode(), `Unknown operation ${resource}/${operation}`, { itemIndex });
			input.path = readPath(op, input.param);
			for (const field of op.dateFields ?? []) {
				for (const part of [input.body, input.path]) {
					if (field in part) part[field] = toPlatformDate(part[field]) as string;
				}
			}
			for (const field of op.dateTimeFields ?? []) {
				if (field in input.body) input.body[field] = toPlatformDateTime(input.body[field]) as string;
			}
			check(this, op, input, itemIndex);
			op.prepare?.(input);
			const options: IHttpRequestOptions = {
				...(requestData.options as IHttpRequestOptions),
				method: op.method,
				body: (op.sendBody ? op.sendBody(input) : input.body) as IDataObject,
				qs: input.qs,
			};
			const limit = limitOf(this, op);
			let records: IDataObject[];
			if (op.list === 'paged') {
				records = await fetchPages(this, op, options, input.path, limit);
			} else {
				const request = { ...options, url: fillPath(op.path, input.path) };
				const body = op.send
					? await op.send(async (extra) => await platformRequest(this, { ...request, ...extra }), input, (await secretsOf(this))[0])
					: await platformRequest(this, request);
				records = toRecords(body, op.output);
			}
			if (limit !== undefined) records = records.slice(0, limit);
			const placeholder = records.length === 0 ? op.whenEmpty?.(input) : undefined;
			if (placeholder) records = [placeholder];
			return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
		} catch (error) {
			const secrets = op ? await operationSecrets(this, op, input) : await secretsOf(this);
			const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
			if (error instanceof RecordFailures && this.continueOnFail()) return recordItems(this.getNode(), error, itemIndex, secrets, toErrorOutput);
			const safe = toSafeError(this.getNode(), error, itemIndex, secrets);
			if (this.continueOnFail()) return [errorItem(safe, itemIndex, toErrorOutput)];
			throw safe;
		}
	};
}
