import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Campaign, FilterRow } from '../bulkEmail';
import { render } from '../bulkEmail';
import { addDaysWall, melbourneNow, parseSchedule } from '../melbourne';
import { deptOf } from '../respond';
import { bodyOf } from '../requestSchemas';
import type { State } from '../state';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, unknown> }>;

const PREFIX = '/customer/bulk-email';
const DUPLICATE_WINDOW_MS = 60_000;

function failure(error_code: string, description: string) {
	return { success: false, error_code, description };
}

// "Unknown fields and blank values are ignored": a filter row is read by the filter itself (bulkEmail.ts).
const filters = z
	.array(z.object({ field: z.unknown(), value: z.unknown(), join: z.unknown() }).passthrough())
	.optional();
const previewBody = bodyOf('POST /{api_key}/customer/bulk-email/preview', {
	filters,
	sample_limit: z.coerce.number().int().min(0).max(1000).default(25),
	subject: z.string().optional(),
	content: z.string().optional(),
}).passthrough();
// The create body's selection is the preview's; its other fields are read one by one below.
const customerIds = previewBody.shape.customer_ids;

function statusRecord(bulk: State['bulkEmail'], campaign: Campaign) {
	return {
		id: campaign.id,
		subject: campaign.subject,
		status: campaign.status,
		scheduled_at: campaign.scheduled_at,
		started_at: campaign.started_at,
		ended_at: campaign.ended_at,
		created_at: campaign.created_at,
		counts: bulk.counts(campaign),
	};
}

export function registerBulkEmailRoutes(app: FastifyInstance, state: State): void {
	const bulk = state.bulkEmail;

	// Every bulk email endpoint needs the capability on the key.
	app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
		if (!request.url.includes(PREFIX) || !request.apiKey) return undefined;
		if (request.apiKey.data.bulk_email !== true)
			return reply.send(
				failure('capability_denied', 'This key does not have the bulk email capability'),
			);
		return undefined;
	});

	const body = (request: Req) =>
		request.body && typeof request.body === 'object' ? request.body : {};
	const find = (request: Req) =>
		bulk.campaigns.find((c) => String(c.id) === request.params.id && c.deptid === deptOf(request));

	app.get(`${PREFIX}/filters`, async (request: Req) => ({
		success: true,
		description: 'Filter fields',
		fields: bulk.filterFields(deptOf(request)),
		joins: ['AND', 'OR'],
	}));

	app.post(`${PREFIX}/preview`, async (request: Req) => {
		const input = body(request);
		if (input.__invalid_json) return failure('invalid_request', 'Body is not valid JSON');
		if ('deptid' in input)
			return failure(
				'deptid_not_allowed',
				'deptid may not be supplied; the key’s department is used',
			);
		const parsed = previewBody.safeParse(input);
		if (!parsed.success)
			return failure('invalid_request', `${parsed.error.issues[0].path.join('.')} is invalid`);
		const recipients = bulk.resolve(
			deptOf(request),
			parsed.data.filters as FilterRow[] | undefined,
			parsed.data.customer_ids,
		);
		bulk.onPreview?.();
		const limit = parsed.data.sample_limit;
		const { subject, content } = parsed.data;
		return {
			success: true,
			description: `${recipients.length} recipients`,
			count: recipients.length,
			sample_limit: limit,
			truncated: recipients.length > limit,
			recipients: recipients.slice(0, limit).map((c) => ({
				cid: c.cid,
				company: c.company,
				name: c.name,
				surname: c.surname,
				email: c.email,
			})),
			...(subject && content && recipients.length > 0
				? {
						preview: {
							cid: recipients[0].cid,
							subject: render(subject, recipients[0]),
							content: render(content, recipients[0]),
						},
					}
				: {}),
		};
	});

	app.post(PREFIX, async (request: Req) => {
		const input = body(request);
		const deptid = deptOf(request);
		if (input.__invalid_json) return failure('invalid_request', 'Body is not valid JSON');
		if ('deptid' in input)
			return failure(
				'deptid_not_allowed',
				'deptid may not be supplied; the key’s department is used',
			);
		if ('attachments' in input)
			return failure('attachments_not_supported', 'Attachments are not supported');
		const subject = typeof input.subject === 'string' ? input.subject : '';
		const content = typeof input.content === 'string' ? input.content : '';
		if (subject.trim() === '') return failure('missing_subject', 'subject is required');
		if (content.trim() === '') return failure('missing_content', 'content is required');
		let scheduledAt: string | null = null;
		if (
			input.scheduled_at !== undefined &&
			input.scheduled_at !== null &&
			input.scheduled_at !== ''
		) {
			const parsed =
				typeof input.scheduled_at === 'string' ? parseSchedule(input.scheduled_at) : undefined;
			if (!parsed)
				return failure(
					'invalid_schedule',
					'scheduled_at must be Y-m-d, Y-m-d H:i or Y-m-d H:i:s, a real date',
				);
			if (parsed > addDaysWall(melbourneNow(), 90))
				return failure('invalid_schedule', 'scheduled_at is more than 90 days ahead');
			scheduledAt = parsed;
		}
		const rows = filters.safeParse(input.filters);
		const ids = customerIds.safeParse(input.customer_ids);
		if (!rows.success || !ids.success)
			return failure('invalid_request', 'filters or customer_ids are invalid');
		const recipients = bulk.resolve(deptid, rows.data as FilterRow[] | undefined, ids.data);
		if (recipients.length === 0) return failure('no_recipients', 'The selection matched nobody');
		const maxRecipients = Number(request.apiKey.data.bulk_email_max_recipients ?? 5000);
		if (recipients.length > maxRecipients)
			return failure(
				'too_many_recipients',
				`The selection has ${recipients.length} recipients; the limit is ${maxRecipients}`,
			);
		if (input.confirm_count !== undefined && Number(input.confirm_count) !== recipients.length) {
			return failure(
				'recipient_count_changed',
				`confirm_count ${String(input.confirm_count)} differs from the ${recipients.length} recipients resolved now; nothing was created`,
			);
		}
		const maxDaily = Number(request.apiKey.data.bulk_email_max_daily_campaigns ?? 10);
		if (bulk.campaignsInLastDay(deptid) >= maxDaily)
			return failure(
				'daily_campaign_limit_reached',
				`${maxDaily} campaigns were created in the last 24 hours`,
			);
		const recent = bulk.campaigns.find(
			(c) =>
				c.deptid === deptid &&
				c.subject === subject &&
				Date.now() - c.createdMs < DUPLICATE_WINDOW_MS,
		);
		if (recent)
			return failure(
				'duplicate_campaign',
				`Campaign ${recent.id} with the same subject was queued less than 60 seconds ago`,
			);
		if (bulk.failNextCreate) {
			bulk.failNextCreate = false;
			return failure('create_failed', 'The campaign could not be stored; it is safe to retry once');
		}
		const campaign = bulk.create(deptid, subject, content, recipients, scheduledAt);
		return {
			success: true,
			description: 'Campaign created',
			id: campaign.id,
			status: campaign.status,
			recipient_count: recipients.length,
			scheduled_at: campaign.scheduled_at,
		};
	});

	app.get(`${PREFIX}/page/:page`, async (request: Req) => {
		const page = Math.max(1, Number.parseInt(request.params.page, 10) || 1);
		const mine = bulk.campaigns
			.filter((c) => c.deptid === deptOf(request))
			.sort((a, b) => b.id - a.id);
		return {
			success: true,
			description: 'Campaigns',
			page_number: page,
			page_size: 20,
			total: mine.length,
			records: mine.slice((page - 1) * 20, page * 20).map((c) => statusRecord(bulk, c)),
		};
	});

	app.get(`${PREFIX}/:id`, async (request: Req) => {
		const campaign = find(request);
		if (!campaign) return failure('not_found', 'Campaign not found');
		return { success: true, description: 'Campaign status', ...statusRecord(bulk, campaign) };
	});

	app.post(`${PREFIX}/:id/cancel`, async (request: Req) => {
		const campaign = find(request);
		if (!campaign) return failure('not_found', 'Campaign not found');
		if (campaign.status === 'cancelled')
			return failure('already_cancelled', 'The campaign is already cancelled');
		if (campaign.status === 'completed')
			return failure('campaign_completed', 'The campaign has already finished');
		const wasSending = campaign.status === 'sending';
		// While sending, one message may be in flight: it is left pending here and delivered by the next run.
		const inFlight = wasSending
			? campaign.recipients.find((r) => r.state === 'pending')
			: undefined;
		let cancelled = 0;
		for (const recipient of campaign.recipients) {
			if (recipient.state === 'pending' && recipient !== inFlight) {
				recipient.state = 'cancelled';
				cancelled++;
			}
		}
		const sent = campaign.recipients.filter((r) => r.state === 'sent').length;
		bulk.setStatus(campaign, 'cancelled');
		campaign.ended_at = melbourneNow();
		if (inFlight) bulk.pendingInFlight.push({ campaign, recipient: inFlight });
		return {
			success: true,
			description: 'Campaign cancelled',
			id: campaign.id,
			status: campaign.status,
			sent_count: sent,
			cancelled_count: cancelled,
			recipient_count: campaign.recipients.length,
			note: wasSending
				? 'sent_count is a floor: one message already in flight may still be delivered'
				: 'Nothing had been sent',
		};
	});
}
