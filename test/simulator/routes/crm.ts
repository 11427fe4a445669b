import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { dueDate } from '../billing';
import { lineTotal } from '../money';
import type { Lead } from '../crm';
import { bodyCid, deptOf, fail, money, text, today } from '../respond';
import type { State } from '../state';
import { page } from './paging';
import { bodyOf, elementOf } from '../requestSchemas';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: unknown }>;

const LEAD_PAGE = 20;
const MODULES = ['customers', 'services', 'leads', 'orders'];

// The spec shows no lead fields: statuses are free text here (the seed uses LEAD_STATUSES).
const leadAdd = bodyOf('POST /{api_key}/leads/add').strict();
const leadUpdate = bodyOf('POST /{api_key}/leads/{lid}').strict();
// A filter's properties are lead fields (not shown); the lead id filters too, exactly.
const LEAD_FILTERS = [
	'lid',
	...Object.keys(bodyOf('POST /{api_key}/leads/filter/get/page/{page_number}').shape),
];

const ORDER = 'POST /{api_key}/orders/add';
const orderItem = elementOf(ORDER, 'items', {
	pid: z.coerce.number().int().positive(),
	quantity: z.coerce.number().positive().default(1),
});
const orderBody = bodyOf(ORDER, {
	cid: bodyCid,
	items: z.array(orderItem).min(1, 'needs at least one item'),
});
type OrderItem = z.infer<typeof orderItem>;

const SALE = 'POST /{api_key}/externalsales/add';
const saleProduct = elementOf(SALE, 'products', {
	pid: z.coerce.number().int().positive(),
	price: text,
	quantity: z.coerce.number().int().positive(),
});
const salePayment = elementOf(SALE, 'payments', {
	description: z.string().default(''),
	amount: text,
});
type SaleProduct = z.infer<typeof saleProduct>;
const saleBody = bodyOf(SALE, {
	cid: bodyCid,
	date: z
		.string()
		.regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'must be Y-m-d or Y-m-d h:i:s')
		.optional(),
	products: z.array(saleProduct).optional(),
	payments: z.record(salePayment).optional(),
	iid: z.coerce.number().int().positive().optional(),
});

const timelineBody = bodyOf('POST /{api_key}/timeline/{module}/{id}', {
	id: z.coerce.number().int().positive().optional(),
	title: z.string().min(1, 'is required'),
	category: z.enum(['note', 'event'], { errorMap: () => ({ message: 'must be note or event' }) }),
	description: z.string().min(1, 'is required'),
});

function issue(error: z.ZodError): string {
	const first = error.issues[0];
	return `${first.path.join('.') || 'body'} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}`;
}

function leadRecord(lead: Lead) {
	const record: Record<string, unknown> = { ...lead, lid: String(lead.lid) };
	delete record.deptid;
	return record;
}

export function registerCrmRoutes(app: FastifyInstance, state: State): void {
	const leads = (request: Req) => state.leads.filter((l) => l.deptid === deptOf(request));
	const stamp = () => `${today()} 00:00:00`;

	// Leads: pages of 20, the listing shape of the other /get/page endpoints (or, as the spec shows
	// none, another one with the `otherShapes` extra).
	const leadPage = (rows: Array<Record<string, unknown>>, pageParam: string) => {
		const answer = page(rows, pageParam, LEAD_PAGE);
		return state.extras.has('otherShapes')
			? {
					success: true,
					leads: answer.results,
					page: answer.page_number,
					pages: answer.total_pages,
				}
			: answer;
	};
	app.get('/leads/get/page/:page', async (request: Req) =>
		leadPage(leads(request).map(leadRecord), request.params.page),
	);

	app.post('/leads/filter/get/page/:page', async (request: Req) => {
		const filter =
			request.body && typeof request.body === 'object' && !Array.isArray(request.body)
				? (request.body as Record<string, unknown>)
				: undefined;
		if (!filter) return fail('body must be a filter object');
		const unknown = Object.keys(filter).find((key) => !LEAD_FILTERS.includes(key));
		if (unknown) return fail(`unknown filter ${unknown}`);
		// Only included properties filter: text contains (case-insensitive), status and lid exactly.
		const matches = leads(request).filter((lead) =>
			Object.entries(filter).every(([key, value]) => {
				const own = String((lead as unknown as Record<string, unknown>)[key] ?? '');
				return key === 'status' || key === 'lid'
					? own === String(value)
					: own.toLowerCase().includes(String(value).toLowerCase());
			}),
		);
		return leadPage(matches.map(leadRecord), request.params.page);
	});

	app.get('/leads/get/:lid', async (request: Req) => {
		const lead = leads(request).find((l) => String(l.lid) === request.params.lid);
		if (!lead) return fail('lead not found');
		return state.extras.has('otherShapes')
			? { success: true, ...leadRecord(lead) }
			: { success: true, lead: leadRecord(lead) };
	});

	app.post('/leads/add', async (request: Req) => {
		const parsed = leadAdd.safeParse(request.body ?? {});
		if (!parsed.success) return fail(issue(parsed.error));
		const lid = state.nextId('lead', 3001);
		state.leads.push({
			lid,
			deptid: deptOf(request),
			first_name: '',
			last_name: '',
			company: '',
			email: '',
			phone: '',
			mobile: '',
			status: 'new',
			source: '',
			notes: '',
			...parsed.data,
			date_created: stamp(),
		});
		return { success: true, id: String(lid) };
	});

	app.post('/leads/:lid', async (request: Req) => {
		const lead = leads(request).find((l) => String(l.lid) === request.params.lid);
		if (!lead) return fail('lead not found');
		const parsed = leadUpdate.safeParse(request.body ?? {});
		if (!parsed.success) return fail(issue(parsed.error));
		Object.assign(
			lead,
			Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
		);
		return { success: true, id: String(lead.lid) };
	});

	app.post('/orders/add', async (request: Req) => {
		const parsed = orderBody.safeParse(request.body ?? {});
		if (!parsed.success) return { success: false, description: issue(parsed.error), id: 0 };
		const customer = state.customerById(deptOf(request), parsed.data.cid);
		if (!customer) return { success: false, description: 'no customer found', id: 0 };
		const missing = parsed.data.items.find(
			(i: OrderItem) => !state.products.some((p) => p.pid === i.pid),
		);
		if (missing) return { success: false, description: 'products not found', id: 0 };
		const id = state.nextId('order', 6001);
		state.orders.push({
			id,
			deptid: deptOf(request),
			cid: customer.cid,
			reference: parsed.data.reference ?? '',
			notes: parsed.data.notes ?? '',
			items: parsed.data.items.map((i: OrderItem) => ({
				pid: i.pid,
				quantity: i.quantity,
				price: i.price ?? state.products.find((p) => p.pid === i.pid)!.ex_tax_amount,
			})),
			date_created: stamp(),
		});
		return { success: true, id };
	});

	app.post('/externalsales/add', async (request: Req) => {
		if (!Array.isArray(request.body)) return { results: [], processed: false };
		const results = request.body.map((input) => {
			const parsed = saleBody.safeParse(input);
			if (!parsed.success)
				return { success: false, cid: null, iid: null, message: issue(parsed.error) };
			const sale = parsed.data;
			const customer = state.customerById(deptOf(request), sale.cid);
			if (!customer)
				return { success: false, cid: sale.cid, iid: null, message: 'no customer found' };
			let invoice = sale.iid
				? state.invoices.find((i) => i.iid === sale.iid && i.deptid === deptOf(request))
				: undefined;
			if (sale.iid && !invoice)
				return { success: false, cid: customer.cid, iid: sale.iid, message: 'invoice not found' };
			if (invoice && !sale.add_payment) {
				// The spec's warning: an existing invoice without add_payment gets this sale's product list.
				invoice.products = (sale.products ?? []).map((p: SaleProduct) => ({
					pid: p.pid,
					price: Number(p.price),
					quantity: p.quantity,
				}));
				const total = lineTotal(sale.products ?? []);
				// The balance follows the invoice, so it stays what was invoiced less what was paid.
				customer.balance = Math.round((customer.balance + total - invoice.total) * 100) / 100;
				invoice.total = total;
			}
			if (!invoice) {
				const products = (sale.products ?? []).map((p: SaleProduct) => ({
					pid: p.pid,
					price: Number(p.price),
					quantity: p.quantity,
				}));
				const total =
					sale.amount !== undefined ? Number(sale.amount) : lineTotal(sale.products ?? []);
				const date = (sale.date ?? today()).slice(0, 10);
				invoice = {
					iid: state.nextId('invoice', 80001),
					deptid: deptOf(request),
					cid: customer.cid,
					date,
					due_date: dueDate(date),
					bill_run_id: null,
					products,
					total,
					paid: 0,
				};
				state.invoices.push(invoice);
				customer.balance = Math.round((customer.balance + total) * 100) / 100;
			}
			const result: Record<string, unknown> = {
				success: true,
				cid: customer.cid,
				iid: invoice.iid,
			};
			const payments = Object.entries<z.infer<typeof salePayment>>(sale.payments ?? {});
			if (payments.length) {
				const amount = lineTotal(payments.map(([, p]) => ({ price: p.amount, quantity: 1 })));
				// The sale stands when its payment is refused: only paymentResult says so.
				if (amount > invoice.total - invoice.paid + 0.005) {
					result.paymentResult = {
						payment_id: null,
						success: false,
						surcharge: '0.00',
						message: 'payment exceeds the amount owing',
						amount: money(amount),
						balance: money(customer.balance),
					};
					return result;
				}
				invoice.paid += amount;
				customer.balance = Math.round((customer.balance - amount) * 100) / 100;
				const id = state.nextId('payment', 70001);
				state.payments.push({
					id,
					cid: customer.cid,
					amount,
					kind: 'external',
					method: payments.map(([type]) => type).join('+'),
					date: today(),
					iid: invoice.iid,
				});
				result.paymentResult = {
					payment_id: id,
					success: true,
					surcharge: '0.00',
					message: 'payment applied',
					amount: money(amount),
					balance: money(customer.balance),
				};
			}
			return result;
		});
		return { results, processed: results.some((r) => r.success) };
	});

	const recordExists = (request: Req, module: string, id: string) => {
		const dept = deptOf(request);
		// The timeline's {id} is the record's integer id; only a {cid} in a path may be an account_id or crm_id.
		if (module === 'customers')
			return /^\d+$/.test(id) && Boolean(state.customerById(dept, Number(id)));
		if (module === 'services')
			return state.services.some((s) => s.deptid === dept && String(s.id) === id);
		if (module === 'leads')
			return state.leads.some((l) => l.deptid === dept && String(l.lid) === id);
		return state.orders.some((o) => o.deptid === dept && String(o.id) === id);
	};

	app.get('/timeline/:module/:id', async (request: Req) => {
		const { module, id } = request.params;
		if (!MODULES.includes(module)) return fail(`unknown module ${module}`);
		if (!recordExists(request, module, id.trim())) return fail('record not found');
		const entries = state.timeline.filter(
			(e) => e.deptid === deptOf(request) && e.module === module && e.record === id.trim(),
		);
		const records = entries.map((e) => ({
			id: e.id,
			title: e.title,
			category: e.category,
			description: e.description,
			event_date: e.event_date,
			date_created: e.date_created,
		}));
		return state.extras.has('otherShapes')
			? { success: true, timeline: records }
			: { success: true, entries: records };
	});

	app.post('/timeline/:module/:id', async (request: Req) => {
		const { module, id } = request.params;
		if (!MODULES.includes(module)) return fail(`unknown module ${module}`);
		if (!recordExists(request, module, id.trim())) return fail('record not found');
		const parsed = timelineBody.safeParse(request.body ?? {});
		if (!parsed.success) return fail(issue(parsed.error));
		const entry = parsed.data;
		if (entry.category === 'event' && !entry.event_date)
			return fail('event_date is required for an event');
		if (entry.id) {
			const existing = state.timeline.find(
				(e) =>
					e.id === entry.id &&
					e.deptid === deptOf(request) &&
					e.module === module &&
					e.record === id.trim(),
			);
			if (!existing) return fail('timeline entry not found');
			Object.assign(existing, {
				title: entry.title,
				category: entry.category,
				description: entry.description,
				event_date: entry.event_date ?? null,
			});
			return { success: true, id: existing.id };
		}
		const newId = state.nextId('timeline', 1);
		state.timeline.push({
			id: newId,
			deptid: deptOf(request),
			module,
			record: id.trim(),
			title: entry.title,
			category: entry.category,
			description: entry.description,
			event_date: entry.event_date ?? null,
			date_created: stamp(),
		});
		return { success: true, id: newId };
	});
}
