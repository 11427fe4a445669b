import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { labelSubtitle } from '../shared/tableNode/describe';
import { CREDENTIAL_TYPE } from '../shared/transport/transport';
import { pathSegment } from '../shared/input/path';
import { getOwn } from '../shared/input/keys';
import { operationError } from '../shared/errors/made';
import { addMany, getPrices } from './cdr.batches';
import { cdrFields, operationField, resourceField } from './cdr.fields';
import { importFile } from './cdr.import';
import { refuse } from './cdr.records';
import { addOne, readPerItem } from './cdr.single';
import { requestOptionsField } from '../shared/transport/requestOptions';
import { cdrSwitch } from './cdr.switches';

/** Each operation of the node and the function that runs it over all input items. */
const operations: Record<string, (context: IExecuteFunctions) => Promise<INodeExecutionData[]>> = {
	add: addOne,
	addMany,
	importFile,
	getPrices,
	getPrice: readPerItem((context, itemIndex) => {
		const id = String(context.getNodeParameter('billedCallId', itemIndex, '')).trim();
		if (!id) throw refuse(context, itemIndex, 'Billed Call ID (billedCallId) is required');
		return {
			url: `/cdr/getPrice/${pathSegment('billedCallId', id)}`,
			root: 'data',
			numbers: ['price'],
		};
	}),
	getImportStatus: readPerItem(() => ({ url: '/cdr/status', root: 'data' })),
	getRatingStatus: readPerItem(() => ({ url: '/cdr/ratingStatus', root: 'data' })),
	getExportSchedules: readPerItem((context, itemIndex) => ({
		url: cdrSwitch(context, 'includeInactive', itemIndex)
			? '/cdr/exports/include_inactive'
			: '/cdr/exports',
		root: 'data',
		numbers: ['cid'],
	})),
};

export class TelcoBillingCallRecord implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Telco Billing Call Record',
		name: 'telcoBillingCallRecord',
		icon: {
			light: 'file:../../icons/callRecord.svg',
			dark: 'file:../../icons/callRecord.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: labelSubtitle('operation', operationField.options, 'Call Record'),
		description:
			'Import call records (CDRs) in fast batches, check import and rating status, and ' +
			'look up call prices',

		defaults: { name: 'Telco Billing Call Record' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		properties: [resourceField, operationField, ...cdrFields, requestOptionsField],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Operation may be an expression: its value picks a function only when it is one of the node's own.
		const operation = String(this.getNodeParameter('operation', 0));
		const run = getOwn(operations, operation);
		if (!run)
			throw operationError(
				this.getNode(),
				`The operation "${operation}" is not one of Call Record's: ${Object.keys(operations).join(', ')}`,
			);
		return [await run(this)];
	}
}
