import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { PLATFORM_MESSAGES } from '../shared/envelope';
import { labelSubtitle } from '../shared/describe';
import { toSafeError } from '../shared/errors';
import { isRefusal } from '../shared/failure';
import { toRecords } from '../shared/output';
import { eachItem, requestFor } from '../shared/items';
import { CREDENTIAL_TYPE } from '../shared/transport';
import { addMany, getPrices } from './cdr.batches';
import { cdrFields, operationField } from './cdr.fields';
import { importFile } from './cdr.import';
import { cdrOf, cdrRefusal, refuse } from './cdr.records';

// Single requests per item: operation → how to ask and what to output.
const simple: Record<
	string,
	(
		context: IExecuteFunctions,
		itemIndex: number,
	) => { url: string; root?: string; numbers?: string[] }
> = {
	getImportStatus: () => ({ url: '/cdr/status', root: 'data' }),
	getRatingStatus: () => ({ url: '/cdr/ratingStatus', root: 'data' }),
	getPrice: (context, itemIndex) => {
		const id = String(context.getNodeParameter('billedCallId', itemIndex, '')).trim();
		if (!id) throw refuse(context, itemIndex, 'Billed Call ID (billedCallId) is required');
		return { url: `/cdr/getPrice/${encodeURIComponent(id)}`, root: 'data', numbers: ['price'] };
	},
	getExportSchedules: (context, itemIndex) => ({
		url: context.getNodeParameter('includeInactive', itemIndex, false)
			? '/cdr/exports/include_inactive'
			: '/cdr/exports',
		root: 'data',
		numbers: ['cid'],
	}),
};

async function addOne(context: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const mapAutomatically = context.getNodeParameter('dataMode', 0) === 'autoMap';
	const items = context.getInputData();
	const duplicateIsSuccess = context.getNodeParameter(
		'treatDuplicateAsSuccess',
		0,
		false,
	) as boolean;
	return await eachItem(context, async (itemIndex, secrets) => {
		const cdr = cdrOf(context, itemIndex, mapAutomatically ? items[itemIndex].json : undefined);
		const refusal = cdrRefusal(cdr);
		if (refusal) throw refuse(context, itemIndex, refusal);
		try {
			const body = (await requestFor(
				context,
				{ method: 'POST', url: '/cdr/add', body: cdr },
				itemIndex,
				secrets,
			)) as IDataObject;
			return [{ success: true, yourid: body.yourid, id: body.id }];
		} catch (error) {
			if (duplicateIsSuccess && isRefusal(error, { message: PLATFORM_MESSAGES.cdrDuplicate })) {
				return [{ success: true, duplicate: true, yourid: cdr.orig_id }];
			}
			throw toSafeError(context.getNode(), error, itemIndex, secrets);
		}
	});
}

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
		properties: [operationField, ...cdrFields],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = this.getNodeParameter('operation', 0) as string;
		if (operation === 'addMany') return [await addMany(this)];
		if (operation === 'getPrices') return [await getPrices(this)];
		if (operation === 'add') return [await addOne(this)];
		if (operation === 'importFile') return [await importFile(this)];
		const describe = simple[operation];
		return [
			await eachItem(this, async (itemIndex, secrets) => {
				const { url, root, numbers } = describe(this, itemIndex);
				return toRecords(await requestFor(this, { method: 'GET', url }, itemIndex, secrets), {
					root,
					numbers,
				});
			}),
		];
	}
}
