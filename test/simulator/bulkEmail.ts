import { melbourneNow } from './melbourne';
import type { Customer, State } from './state';

export type CampaignStatus = 'pending' | 'queued' | 'sending' | 'completed' | 'cancelled';

export interface Recipient {
	cid: number;
	email: string;
	state: 'pending' | 'sent' | 'failed' | 'cancelled';
}

export interface Campaign {
	id: number;
	deptid: number;
	subject: string;
	content: string;
	status: CampaignStatus;
	scheduled_at: string | null;
	started_at: string | null;
	ended_at: string | null;
	created_at: string;
	createdMs: number;
	recipients: Recipient[];
}

export interface OutboxMessage {
	campaign_id: number;
	cid: number;
	to: string;
	subject: string;
	content: string;
	at: string;
}

export interface FilterRow {
	field?: unknown;
	value?: unknown;
	join?: unknown;
}

export interface SenderOptions {
	/** Messages one sender run delivers per sending campaign. */
	perRun: number;
	/** Every n-th recipient of a campaign fails (0: none), so `failed` counts are exercised. */
	failEvery: number;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const FILTER_FIELDS: Array<{
	key: keyof Customer;
	label: string;
	type: 'text' | 'select' | 'number';
}> = [
	{ key: 'suburb', label: 'Suburb', type: 'text' },
	{ key: 'street', label: 'Street', type: 'text' },
	{ key: 'billinggroup', label: 'Billing group', type: 'select' },
	{ key: 'account_state', label: 'Account state', type: 'select' },
	{ key: 'billingcycle', label: 'Billing cycle', type: 'select' },
	{ key: 'business_type', label: 'Business type', type: 'text' },
	{ key: 'account_manager', label: 'Account manager', type: 'select' },
	{ key: 'reseller_cid', label: 'Reseller customer ID', type: 'number' },
	{ key: 'paymethod', label: 'Payment method', type: 'select' },
];

function escapeHtml(text: string): string {
	return text
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#039;');
}

/** `{{field}}` replaced from the customer record; a placeholder whose field is empty stays as written. */
export function render(template: string, customer: Customer): string {
	return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, field: string) => {
		const value = (customer as unknown as Record<string, unknown>)[field];
		return value === undefined || value === null || value === '' ? whole : String(value);
	});
}

/** Campaigns, the recipient resolution rules and the background sender of the bulk email module. */
export class BulkEmail {
	readonly campaigns: Campaign[] = [];
	readonly outbox: OutboxMessage[] = [];
	/** Called after each preview is answered: tests use it to change the audience before the create. */
	onPreview?: () => void;
	/** Set to make the next create answer `create_failed` (nothing is stored). */
	failNextCreate = false;
	/** Campaigns made in the platform UI count towards the daily cap: `createdMs` of each, per department. */
	readonly uiCampaigns: Array<{ deptid: number; createdMs: number }> = [];
	/** Every campaign creation and status move, in order: what a watcher of campaigns should have seen. */
	readonly log: Array<{ id: number; deptid: number; status: CampaignStatus }> = [];
	/** Messages already on their way when their campaign was cancelled: the next run delivers them. */
	readonly pendingInFlight: Array<{ campaign: Campaign; recipient: Recipient }> = [];
	private nextId = 501;

	constructor(
		private readonly state: State,
		readonly sender: SenderOptions = { perRun: 50, failEvery: 10 },
	) {}

	filterFields(deptid: number) {
		const customers = this.state.customers.filter((c) => c.deptid === deptid);
		return FILTER_FIELDS.map(({ key, label, type }) => {
			if (type !== 'select') return { key, label, type, options: [] };
			const values = [...new Set(customers.map((c) => String(c[key] ?? '')))].sort();
			if (key === 'account_state') {
				return {
					key,
					label,
					type,
					options: [
						{ key: '', label: 'Normal' },
						{ key: 'Suspended', label: 'Suspended' },
						{ key: 'Disconnected', label: 'Disconnected' },
					],
				};
			}
			return {
				key,
				label,
				type,
				options: values.filter((v) => v !== '').map((v) => ({ key: v, label: v })),
			};
		});
	}

	/**
	 * Active customers of the department with a valid email; filter rows applied left to right, each
	 * combined with the result so far by its join (AND default, OR); unknown fields and blank values are
	 * ignored; customer_ids only narrow, and an explicit empty list means nobody.
	 */
	resolve(
		deptid: number,
		filters: FilterRow[] | undefined,
		customerIds: number[] | undefined,
	): Customer[] {
		const eligible = this.state.customers.filter(
			(c) => c.deptid === deptid && c.active && EMAIL.test(c.email),
		);
		let selected: Set<Customer> | undefined;
		for (const row of filters ?? []) {
			const field = FILTER_FIELDS.find((f) => f.key === row.field);
			const value = row.value === undefined || row.value === null ? '' : String(row.value);
			if (!field || value.trim() === '') continue;
			// A select value that is no option key: the spec does not say; this platform may ignore the row.
			const keys = this.filterFields(deptid).find((f) => f.key === field.key)?.options ?? [];
			const known = field.type !== 'select' || keys.some((option) => option.key === value);
			if (!known && this.state.traits.filterUnknownValue === 'ignored') continue;
			const matches = new Set(
				eligible.filter((c) => {
					const own =
						c[field.key] === null || c[field.key] === undefined ? '' : String(c[field.key]);
					if (field.type === 'text') return own.toLowerCase().includes(value.toLowerCase());
					if (field.type === 'number') return own !== '' && Number(own) === Number(value);
					return own === value;
				}),
			);
			if (!selected) selected = matches;
			else if (String(row.join ?? 'AND').toUpperCase() === 'OR')
				selected = new Set([...selected, ...matches]);
			else selected = new Set([...selected].filter((c) => matches.has(c)));
		}
		let result = selected ? eligible.filter((c) => selected!.has(c)) : eligible;
		if (customerIds !== undefined) result = result.filter((c) => customerIds.includes(c.cid));
		return result;
	}

	create(
		deptid: number,
		subject: string,
		content: string,
		recipients: Customer[],
		scheduledAt: string | null,
	): Campaign {
		const now = melbourneNow();
		const future = scheduledAt !== null && scheduledAt > now;
		const campaign: Campaign = {
			id: this.nextId++,
			deptid,
			subject,
			content,
			status: future ? 'pending' : 'queued',
			scheduled_at: scheduledAt,
			started_at: null,
			ended_at: null,
			created_at: now,
			createdMs: Date.now(),
			recipients: recipients.map((c) => ({ cid: c.cid, email: c.email, state: 'pending' })),
		};
		this.campaigns.push(campaign);
		this.log.push({ id: campaign.id, deptid, status: campaign.status });
		return campaign;
	}

	setStatus(campaign: Campaign, status: CampaignStatus): void {
		campaign.status = status;
		this.log.push({ id: campaign.id, deptid: campaign.deptid, status });
	}

	campaignsInLastDay(deptid: number, nowMs = Date.now()): number {
		const since = nowMs - 24 * 3600 * 1000;
		return (
			this.campaigns.filter((c) => c.deptid === deptid && c.createdMs > since).length +
			this.uiCampaigns.filter((c) => c.deptid === deptid && c.createdMs > since).length
		);
	}

	counts(campaign: Campaign) {
		const count = (state: Recipient['state']) =>
			campaign.recipients.filter((r) => r.state === state).length;
		return {
			recipients: campaign.recipients.length,
			sent: count('sent'),
			pending: count('pending'),
			failed: count('failed'),
			cancelled: count('cancelled'),
		};
	}

	/**
	 * One run of the background sender: due pending campaigns are queued; queued ones start sending;
	 * sending ones deliver up to `perRun` messages each, then complete when nobody is left.
	 */
	run(now = melbourneNow()): void {
		for (const { campaign, recipient } of this.pendingInFlight.splice(0))
			this.send(campaign, recipient, now);
		for (const campaign of this.campaigns) {
			if (
				campaign.status === 'pending' &&
				campaign.scheduled_at !== null &&
				campaign.scheduled_at <= now
			)
				this.setStatus(campaign, 'queued');
			else if (campaign.status === 'queued') {
				this.setStatus(campaign, 'sending');
				campaign.started_at = now;
			} else if (campaign.status === 'sending') this.deliver(campaign, now);
		}
	}

	/** Runs the sender until every campaign that can finish has finished. */
	drain(): void {
		for (
			let i = 0;
			i < 10_000 &&
			(this.pendingInFlight.length > 0 ||
				this.campaigns.some((c) => c.status === 'queued' || c.status === 'sending'));
			i++
		)
			this.run();
	}

	/** Delivers one message: placeholders replaced for the recipient, the subject HTML-encoded. */
	private send(campaign: Campaign, recipient: Recipient, now: string): void {
		const customer = this.state.customers.find((c) => c.cid === recipient.cid)!;
		recipient.state = 'sent';
		this.outbox.push({
			campaign_id: campaign.id,
			cid: customer.cid,
			to: recipient.email,
			subject: escapeHtml(render(campaign.subject, customer)),
			content: render(campaign.content, customer),
			at: now,
		});
	}

	private deliver(campaign: Campaign, now: string): void {
		let budget = this.sender.perRun;
		campaign.recipients.forEach((recipient, index) => {
			if (budget <= 0 || recipient.state !== 'pending') return;
			budget--;
			if (this.sender.failEvery > 0 && (index + 1) % this.sender.failEvery === 0)
				recipient.state = 'failed';
			else this.send(campaign, recipient, now);
		});
		if (!campaign.recipients.some((r) => r.state === 'pending')) {
			this.setStatus(campaign, 'completed');
			campaign.ended_at = now;
		}
	}
}
