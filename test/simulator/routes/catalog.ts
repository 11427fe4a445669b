import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RateItem, ServiceType } from '../catalog';
import { deptOf, fail, money, today } from '../respond';
import type { State } from '../state';
import { page } from './paging';
import { bodyOf, elementOf, queryOf } from '../requestSchemas';

type Req = FastifyRequest<{
	Params: Record<string, string>;
	Querystring: Record<string, string>;
	Body: unknown;
}>;

const EMPTY = { success: false, message: 'The requested data was empty ignoring' };
const STAMP = () => `${today()} 00:00:00`;

export function serviceTypeListRecord(type: ServiceType) {
	return {
		esid: String(type.esid),
		typeofservice: type.typeofservice,
		calls_service: String(type.calls_service),
		list_price: money(type.list_price),
		wholesale_price: money(type.wholesale_price),
		reseller_price: money(type.reseller_price),
		reporting_category: type.reporting_category,
		ratecode: type.ratecode,
	};
}

function serviceTypeDetail(type: ServiceType) {
	return {
		...serviceTypeListRecord(type),
		accounting_account: '4000',
		usage_script: '',
		data_service: String(type.data_service),
		sms_postpaid: String(type.sms_postpaid),
		invoice_type: type.invoice_type,
		helpdesk_display: String(type.helpdesk_display),
		config_generator_script: '',
		call_types: type.default_call_types.join(','),
		source_locations: '',
		invoice_generation_script: '',
		additional_fields: '{}',
		additional_fields_type: 'json',
		date_created: '2026-01-15 09:30:00',
		date_modified: '2026-01-15 09:30:00',
		user_created: '1',
		user_modified: '1',
		ctgid: type.ctgid === null ? null : String(type.ctgid),
		default_call_types: type.default_call_types,
		cost_price: money(type.cost_price),
	};
}

const FLAG = z.enum(['0', '1']).optional();
const serviceTypeSearch = queryOf('GET /{api_key}/serviceType/search', {
	calls_service: FLAG,
	data_service: FLAG,
	helpdesk_display: FLAG,
	page: z.coerce.number().int().min(1).default(1),
	limit: z.coerce.number().int().min(1).max(100).default(25),
}).strict();

const PRICE_BOOK_POST = 'POST /{api_key}/priceBooks/post';
const priceBookItem = elementOf(PRICE_BOOK_POST, 'items', {
	related_id: z.coerce.number().int().positive(),
	adjustment: z.coerce.number().default(0),
	override: z.coerce.number().int().min(0).max(1).default(0),
	related_type: z.enum(['service', 'product']).default('service'),
});
const priceBookBody = bodyOf(PRICE_BOOK_POST, {
	id: z.coerce.number().int().positive().optional(),
	name: z.string().optional(),
	items: z.array(priceBookItem).optional(),
});

// The spec's post body: no field names an existing card, so a post always creates one (a ctgid sent
// along is not in the body list and is ignored, like every field the platform does not take).
const RATE_CARD_POST = 'POST /{api_key}/callRates/post';
const rateItemBody = elementOf(RATE_CARD_POST, 'callTypes', {
	ctid: z.coerce
		.number({
			required_error: 'callTypes[].ctid is required',
			invalid_type_error: 'callTypes[].ctid is required',
		})
		.int()
		.positive(),
	fixedrate: z.coerce.number().int().min(0).max(1).default(0),
	ratepermin: z.coerce.number().default(0),
	flagfall: z.coerce.number().default(0),
	min_cost: z.coerce.number().default(0),
	max_cost: z.coerce.number().default(0),
	free_seconds: z.coerce.number().int().default(0),
	name: z.string().optional(),
	min_callpackusage: z.coerce.number().default(-1),
	max_callpackusage: z.coerce.number().default(-1),
	internal_code: z.string().optional(),
	direction: z.string().optional(),
});

const rateCardBody = bodyOf(RATE_CARD_POST, {
	name: z.string().optional(),
	billing_increment: z.coerce.number().int().nonnegative().nullable().optional(),
	tags: z.string().optional(),
	callTypes: z.array(rateItemBody).optional(),
});

function rateItemRecord(item: RateItem) {
	return {
		...item,
		date_created: '2026-01-15 09:30:00',
		date_modified: '2026-01-15 09:30:00',
		user_created: 1,
		user_modified: 1,
	};
}

export function registerCatalogRoutes(app: FastifyInstance, state: State, pageSize: number): void {
	// Service types
	app.get('/serviceType/get/page/:page', async (request: Req) =>
		page(state.serviceTypes.map(serviceTypeListRecord), request.params.page, pageSize),
	);

	app.get('/serviceType/search', async (request: Req) => {
		const parsed = serviceTypeSearch.safeParse(request.query ?? {});
		if (!parsed.success) return fail('Invalid search parameters');
		const q = parsed.data;
		const cased = (text: string) =>
			state.traits.serviceSearchCase === 'ignored' ? text.toLowerCase() : text;
		const like = (value: string, part?: string) =>
			part === undefined || cased(value).includes(cased(part));
		const matches = state.serviceTypes.filter(
			(t) =>
				like(t.typeofservice, q.typeofservice) &&
				like(t.reporting_category, q.reporting_category) &&
				(q.calls_service === undefined || String(t.calls_service) === q.calls_service) &&
				(q.data_service === undefined || String(t.data_service) === q.data_service) &&
				(q.helpdesk_display === undefined || String(t.helpdesk_display) === q.helpdesk_display) &&
				(q.invoice_type === undefined || t.invoice_type === q.invoice_type),
		);
		return {
			success: true,
			results: matches.slice((q.page - 1) * q.limit, q.page * q.limit).map((t) => ({
				...serviceTypeListRecord(t),
				invoice_type: t.invoice_type,
				helpdesk_display: String(t.helpdesk_display),
			})),
			page: q.page,
			limit: q.limit,
			total_results: matches.length,
			total_pages: Math.ceil(matches.length / q.limit),
		};
	});

	app.get('/serviceType/get/:id', async (request: Req) => {
		const type = state.serviceTypes.find((t) => String(t.esid) === request.params.id);
		return type
			? { success: true, serviceType: serviceTypeDetail(type) }
			: fail('serviceType not found');
	});

	// Price books
	const books = (request: Req) => state.priceBooks.filter((b) => b.deptid === deptOf(request));
	app.get('/priceBooks/get/page/:page', async (request: Req) =>
		page(
			books(request).map((b) => ({ id: String(b.id), name: b.name })),
			request.params.page,
			pageSize,
		),
	);

	app.get('/priceBooks/get/:id', async (request: Req) => {
		const book = books(request).find((b) => String(b.id) === request.params.id);
		if (!book) return fail('priceBook not found');
		return {
			success: true,
			priceBook: {
				id: String(book.id),
				name: book.name,
				date_created: book.date_created,
				date_modified: book.date_modified,
				user_created: '1',
				user_modified: '1',
				items: book.items.map((item) => {
					const related =
						item.related_type === 'service'
							? state.serviceTypes.find((t) => t.esid === item.related_id)
							: undefined;
					const product =
						item.related_type === 'product'
							? state.products.find((p) => p.pid === item.related_id)
							: undefined;
					return {
						id: String(item.id),
						related_id: String(item.related_id),
						name: related?.typeofservice ?? product?.title ?? '',
						ratecode: related?.ratecode ?? null,
						list_price: related?.list_price ?? product?.ex_tax_amount ?? 0,
						related_type: item.related_type,
						override: String(item.override),
						adjustment: item.adjustment,
					};
				}),
			},
		};
	});

	app.post('/priceBooks/post', async (request: Req) => {
		const body = request.body;
		if (!body || typeof body !== 'object' || Object.keys(body).length === 0) return EMPTY;
		const parsed = priceBookBody.safeParse(body);
		if (!parsed.success) return fail(`${parsed.error.issues[0].path.join('.')} is invalid`);
		const { id, name, items } = parsed.data;
		if (!id && !name && !items?.length) return EMPTY;
		const toItems = (list: Array<z.infer<typeof priceBookItem>>) =>
			list.map((i) => ({
				id: state.nextId('priceBookItem', 900001),
				related_id: i.related_id,
				related_type: i.related_type,
				override: i.override as 0 | 1,
				adjustment: i.adjustment,
			}));
		if (id) {
			const book = books(request).find((b) => b.id === id);
			if (!book) return fail('priceBook not found');
			if (name !== undefined) book.name = name;
			if (items) book.items = toItems(items);
			book.date_modified = STAMP();
			return { success: true, id: String(book.id) };
		}
		const newId = state.nextId('priceBook');
		state.priceBooks.push({
			id: newId,
			deptid: deptOf(request),
			name: name ?? `Price book ${newId}`,
			items: toItems(items ?? []),
			date_created: STAMP(),
			date_modified: STAMP(),
		});
		return { success: true, id: String(newId) };
	});

	// Products
	app.get('/products/get/page/:page', async (request: Req) =>
		page(
			state.products.map((p) => ({
				pid: String(p.pid),
				title: p.title,
				partnumber: p.partnumber,
				ex_tax_amount: money(p.ex_tax_amount),
				category_name: p.category_name,
			})),
			request.params.page,
			pageSize,
		),
	);

	app.get('/product/get/:id', async (request: Req) => {
		const p = state.products.find((item) => String(item.pid) === request.params.id);
		if (!p) return fail('products not found');
		return {
			success: true,
			products: {
				pid: String(p.pid),
				partnumber: p.partnumber,
				description: p.description,
				ex_tax_amount: money(p.ex_tax_amount),
				inc_tax_amount: money(p.ex_tax_amount * (1 + p.taxrate / 100)),
				cost: money(p.cost),
				vid: String(p.vid),
				vpartnumber: p.partnumber,
				taxrate_id: '1',
				taxrate: String(p.taxrate),
				catid: String(p.catid),
				manufacturer: p.manufacturer,
				model: p.model,
				title: p.title,
				hazmatcode: '',
			},
		};
	});

	// Call rate cards: inactive cards are left out of list and search, but can still be read by id.
	const cards = (request: Req) => state.rateCards.filter((c) => c.deptid === deptOf(request));
	app.get('/callRates/get/page/:page', async (request: Req) =>
		page(
			cards(request)
				.filter((c) => c.active === 1)
				.map((c) => ({
					id: String(c.ctgid),
					name: c.name,
					billing_increment: c.billing_increment === null ? null : String(c.billing_increment),
				})),
			request.params.page,
			pageSize,
		),
	);

	app.get('/callRates/get/:id', async (request: Req) => {
		const card = cards(request).find((c) => String(c.ctgid) === request.params.id);
		if (!card) return fail('callRates not found');
		const record: Record<string, unknown> = { ...card };
		delete record.deptid;
		return {
			success: true,
			callRates: {
				...record,
				user_created: 1,
				user_modified: 1,
				callTypes: card.callTypes.map(rateItemRecord),
			},
		};
	});

	app.post('/callRates/post', async (request: Req) => {
		const body = request.body;
		if (!body || typeof body !== 'object' || Object.keys(body).length === 0) return EMPTY;
		const parsed = rateCardBody.safeParse(body);
		if (!parsed.success) {
			const issue = parsed.error.issues[0];
			return fail(
				issue.path.at(-1) === 'ctid'
					? `callTypes[${String(issue.path[1])}].ctid is required`
					: `${issue.path.join('.')} is invalid`,
			);
		}
		const { callTypes, ...fields } = parsed.data;
		type Item = z.infer<typeof rateItemBody>;
		const unknown = callTypes?.find(
			(item: Item) => !state.callTypes.some((t) => t.ctid === item.ctid),
		);
		if (unknown) return fail('serviceType not found');
		const id = state.nextId('rateCard');
		const items = (callTypes ?? []).map((item: Item) => {
			const type = state.callTypes.find((t) => t.ctid === item.ctid)!;
			return {
				...item,
				id: state.nextId('rateItem', 50001),
				ctgid: id,
				name: item.name ?? type.name,
				internal_code: item.internal_code ?? type.internal_code,
				direction: item.direction ?? type.direction,
				fixedrate: item.fixedrate as 0 | 1,
			};
		});
		state.rateCards.push({
			ctgid: id,
			deptid: deptOf(request),
			name: fields.name ?? `Rate card ${id}`,
			active: (fields.active ?? 1) as 0 | 1,
			billing_increment: fields.billing_increment ?? 0,
			tags: fields.tags ?? '',
			international_markup_percent: fields.international_markup_percent ?? 0,
			callTypes: items,
			date_created: STAMP(),
			date_modified: STAMP(),
		});
		return { success: true, ctgid: String(id) };
	});

	// Call types: only the documented detail path. The spec gives their listing the service-type
	// listing's path, which serves service types here; no callType/get/page exists.
	app.get('/callType/get/:id', async (request: Req) => {
		const type = state.callTypes.find((t) => String(t.ctid) === request.params.id);
		if (!type) return fail('serviceType not found');
		const card = state.rateCards.find(
			(c) => c.deptid === deptOf(request) && c.callTypes.some((i) => i.ctid === type.ctid),
		);
		const defaultRate = card?.callTypes.find((i) => i.ctid === type.ctid);
		return {
			success: true,
			serviceType: {
				...type,
				ctid: String(type.ctid),
				priority: String(type.priority),
				pabx_code: '',
				enid_fields: 'service_num',
				validation_function: '',
				default_rate: defaultRate
					? { ...rateItemRecord(defaultRate), account_regex: type.account_regex }
					: null,
				date_created: '2026-01-15 09:30:00',
				date_modified: '2026-01-15 09:30:00',
				user_created: '1',
				user_modified: '1',
			},
		};
	});
}
