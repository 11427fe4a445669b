import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import type { Operation, RecordShape, Refuse } from '../shared/operation/operations';
import { isBlank, rules } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';
import { checkSchedule } from './bulkEmail.schedule';
import { audience, audienceRule, customerIdsField, filterRows } from './bulkEmail.fields';
import { checkFilterFields, PREFIX } from './bulkEmail.filterFields';
import { countedAudience } from './bulkEmail.audience';

const COUNT_NUMBERS = ['id', 'count', 'recipient_count', 'sent_count', 'cancelled_count', 'total'];

// The status record: 7 fields and 5 counts, flattened 12; Simplify keeps the counts beside the status.
const COUNTS = ['recipients', 'sent', 'pending', 'failed', 'cancelled'].map((c) => `counts.${c}`);
const CAMPAIGN_STATUS: RecordShape = {
	id: 'id',
	simplified: ['subject', 'status', 'scheduled_at', 'ended_at', ...COUNTS],
	fields: [
		'id',
		'subject',
		'status',
		'scheduled_at',
		'started_at',
		'ended_at',
		'created_at',
		...COUNTS,
	],
};

const campaignId: INodeProperties = {
	displayName: 'Campaign ID',
	name: 'campaignId',
	type: 'string',
	required: true,
	default: '',
	description: 'ID returned by Create (a whole number)',
};

// A campaign id is an integer: text would reach another endpoint of the same prefix (`filters`).
const campaignIdRule = rules.recordId('path', 'campaignId', 'Campaign ID');

const subjectField: INodeProperties = {
	displayName: 'Subject',
	name: 'subject',
	type: 'string',
	default: '',
	description:
		'May use {{field}} placeholders (name, surname, company, email, …), replaced per recipient',
};
const contentField: INodeProperties = {
	displayName: 'Content',
	name: 'content',
	type: 'string',
	typeOptions: { rows: 6 },
	default: '',
	description: 'HTML or text; may use {{field}} placeholders',
};

function schedule(input: RequestInput): string | undefined {
	const value = input.param('scheduledAt', '');
	if (value === '' || value === null || value === undefined) return undefined;
	const checked = checkSchedule(value);
	return 'value' in checked ? checked.value : undefined;
}

const scheduleRule: Rule = (input) => {
	const value = input.param('scheduledAt', '');
	// Filled in (an expression), yet nothing came out: sending now was not asked for.
	if (isBlank(value) && input.given?.('scheduledAt'))
		return 'Scheduled At (scheduledAt) came out blank: leave the field empty to send on the sender’s next run';
	if (value === '' || value === null || value === undefined) return undefined;
	const checked = checkSchedule(value);
	return 'error' in checked ? checked.error : undefined;
};

const textRule =
	(name: string, label: string): Rule =>
	(input) =>
		rules.required(
			'body',
			name,
			label,
		)({ ...input, body: { [name]: input.param(name, '') as string } });

/**
 * The create body. Once the audience is known (`before`): confirm_count, and where Create counted it, the IDs of
 * exactly those it counted (bulkEmail.audience.ts). Before (the check before anything is sent), neither.
 */
function createBody(input: RequestInput, before?: IDataObject): IDataObject {
	const body: IDataObject = {
		subject: input.param('subject', '') as string,
		content: input.param('content', '') as string,
		...audience(input),
	};
	if (Array.isArray(before?.customerIds)) body.customer_ids = before.customerIds;
	if (before?.count !== undefined) body.confirm_count = before.count;
	const scheduledAt = schedule(input);
	if (scheduledAt) body.scheduled_at = scheduledAt;
	return body;
}

const guardRule: Rule = (input) => {
	if (input.param('guard', 'automatic') !== 'manual') return undefined;
	const expected = Number(input.param('expectedCount', 0));
	return Number.isInteger(expected) && expected >= 1
		? undefined
		: 'Expected Recipients (expectedCount) must be a whole number of at least 1';
};

/**
 * Create with the recipient-count guard. Automatic: the audience counted by who is in it (bulkEmail.audience.ts),
 * then created for exactly those customers with confirm_count set to their number: anyone who left in between
 * makes the platform refuse (recipient_count_changed), anyone who joined is not among them, and nothing is created
 * unless everyone counted is mailed. Manual: the user states the count, which the platform compares.
 */
async function countAudience(
	request: (options: IHttpRequestOptions) => Promise<unknown>,
	input: RequestInput,
	refuse: Refuse,
): Promise<IDataObject> {
	await checkFilterFields(request, input, refuse, 'No campaign was created and nobody was mailed.');
	if (input.param('guard', 'automatic') === 'manual')
		return { count: Number(input.param('expectedCount', 0)) };
	const counted = await countedAudience(request, input, refuse);
	return { count: counted.count, customerIds: counted.customerIds };
}

export const bulkEmailOperations: Operation[] = [
	{
		value: 'getFilters',
		name: 'Get Filter Fields',
		action: 'Get the bulk email filter fields',
		description: 'The customer fields campaigns can filter on, with their types and options',
		method: 'GET',
		path: `${PREFIX}/filters`,
		// One item per field, each with the joins the rows may use (the answer's `joins`, kept).
		outputOf: (body) => {
			const { fields, joins } = (body ?? {}) as IDataObject;
			if (!Array.isArray(fields) || joins === undefined) return body;
			return { fields: fields.map((field) => ({ ...(field as IDataObject), joins })) };
		},
		output: { root: 'fields' },
	},
	{
		value: 'preview',
		name: 'Preview',
		action: 'Preview a bulk email audience',
		description:
			'Count and sample who a campaign would reach, and render it for the first ' +
			'recipient. Creates nothing.',

		method: 'POST',
		path: `${PREFIX}/preview`,
		fields: [
			{ ...subjectField, description: 'With Content, renders the preview for the first recipient' },
			{ ...contentField, description: 'With Subject, renders the preview for the first recipient' },
			filterRows,
			customerIdsField,
			{
				displayName: 'Sample Size',
				name: 'sampleLimit',
				type: 'number',
				default: 25,
				typeOptions: { minValue: 0, maxValue: 1000 },
				description: 'Recipients to list, 0 to 1000; 0 gives the count only',
			},
		],
		rules: [
			audienceRule,
			rules.minimum('param', 'sampleLimit', 'Sample Size', 0),
			(input) =>
				Number(input.param('sampleLimit', 25)) > 1000 ||
				!Number.isInteger(Number(input.param('sampleLimit', 25)))
					? 'Sample Size (sampleLimit) must be a whole number from 0 to 1000'
					: undefined,
		],
		beforeRequest: async (request, input, refuse) => {
			await checkFilterFields(request, input, refuse, 'Nothing was previewed.');
			return {};
		},
		sendBody: (input) => {
			const body: IDataObject = {
				...audience(input),
				sample_limit: Number(input.param('sampleLimit', 25)),
			};
			for (const name of ['subject', 'content']) {
				const value = input.param(name, '');
				if (typeof value === 'string' && value.trim() !== '') body[name] = value;
			}
			return body;
		},
		output: { numbers: COUNT_NUMBERS },
	},
	{
		value: 'create',
		name: 'Create',
		action: 'Create a bulk email campaign',
		description:
			'Queue a campaign for exactly the audience that was counted; the platform sends ' +
			'it in the background',

		method: 'POST',
		path: PREFIX,
		fields: [
			{ ...subjectField, required: true },
			{ ...contentField, required: true },
			filterRows,
			customerIdsField,
			{
				displayName: 'Recipient Count Guard',
				name: 'guard',
				type: 'options',
				options: [
					{
						name: 'Automatic',
						value: 'automatic',
						description: 'Count the audience first, then create for exactly that count',
					},
					{
						name: 'Manual',
						value: 'manual',
						description:
							'Create only if the audience has exactly the number of recipients you state',
					},
				],
				default: 'automatic',
			},
			{
				displayName: 'Expected Recipients',
				name: 'expectedCount',
				type: 'number',
				default: 1,
				typeOptions: { minValue: 1 },
				displayOptions: { show: { guard: ['manual'] } },
				description: 'The count a preview showed; any other count refuses the campaign',
			},
			{
				displayName: 'Scheduled At',
				name: 'scheduledAt',
				type: 'dateTime',
				default: '',
				description:
					'Melbourne time, whatever zone n8n runs in, at most 90 days ahead. An expression ' +
					'may give Y-m-d, Y-m-d H:i or Y-m-d H:i:s (a bare date is midnight); a value with ' +
					'an offset is converted to Melbourne time. Empty or past: the sender’s next run.',
			},
		],
		rules: [
			textRule('subject', 'Subject'),
			textRule('content', 'Content'),
			audienceRule,
			scheduleRule,
			guardRule,
		],
		beforeRequest: countAudience,
		sendBody: createBody,
		outputOf: (body, { before }) => ({ ...(body as IDataObject), confirmed_count: before?.count }),
		output: { shows: ['id'], numbers: [...COUNT_NUMBERS, 'confirmed_count'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a bulk email campaign',
		description: 'Status and counts of a campaign',
		method: 'GET',
		path: `${PREFIX}/{campaignId}`,
		fields: [campaignId],
		rules: [campaignIdRule],
		output: { numbers: COUNT_NUMBERS, simplify: CAMPAIGN_STATUS },
	},
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many bulk email campaigns',
		description: 'Campaigns, newest first',
		method: 'GET',
		path: `${PREFIX}/page/{page}`,
		list: 'paged',
		output: { root: 'records', numbers: COUNT_NUMBERS, simplify: CAMPAIGN_STATUS },
	},
	{
		value: 'cancel',
		name: 'Cancel',
		action: 'Cancel a bulk email campaign',
		description: 'Withdraw every unsent recipient; messages already sent are not recalled',
		method: 'POST',
		path: `${PREFIX}/{campaignId}/cancel`,
		fields: [campaignId],
		rules: [campaignIdRule],
		output: { numbers: COUNT_NUMBERS },
	},
];
