import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bodyCid, deptOf, fail, firstIssue, money, today } from '../respond';
import type { Customer, State } from '../state';
import { searchMatcher, typedValue } from '../searchText';
import { bodyOf } from '../requestSchemas';

type Params = { cid: string; id: string; field: string; value: string; status: string };
type Req = FastifyRequest<{ Params: Params; Body: Record<string, unknown> }>;

const flag = z
	.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
	.transform(Number);

// The customer fields of customer/add and customer/update, each read from its own entry.
const CUSTOMER_FIELDS = {
	credit_management: flag.optional(),
	paymethod: z.enum(['invoice', 'credit card']).optional(),
	ctgid: z.coerce.number().int().nonnegative().optional(),
};
const customerAdd = bodyOf('POST /{api_key}/customer/add', CUSTOMER_FIELDS);
const customerUpdate = bodyOf('POST /{api_key}/customer/update/{cid}', CUSTOMER_FIELDS);

const SEARCH_FIELDS = ['company', 'name', 'surname', 'email', 'mobile', 'abn'] as const;

/** The fields the spec promises a search record, in its order. */
function promisedRecord(c: Customer) {
	return {
		company: c.company,
		name: c.name,
		surname: c.surname,
		email: c.email,
		mobile: c.mobile,
		credit_management: String(c.credit_management),
		dob: c.dob,
		abn: c.abn,
		paymethod: c.paymethod,
		ctgid: String(c.ctgid),
	};
}

/**
 * A search record: the spec's fields, and the "further customer data [that] may be present" as the
 * `furtherFields` trait says (with it `absent`, the `searchCid` extra adds the cid alone).
 */
function searchRecord(c: Customer, state: State) {
	const further = state.traits.furtherFields;
	const cid = String(c.cid);
	if (further === 'absent')
		return state.extras.has('searchCid') ? { cid, ...promisedRecord(c) } : promisedRecord(c);
	const present = {
		cid,
		...promisedRecord(c),
		account_id: c.account_id,
		crm_id: c.crm_id,
		trading_name: c.trading_name,
		phone: c.phone,
	};
	if (further === 'present') return present;
	return {
		...present,
		active: c.active ? '1' : '0',
		balance: money(c.balance),
		web_password: c.web_password,
		card_token: c.card_token,
		bank_name: c.bank_name,
		bank_bsb: c.bank_bsb,
		bank_number: c.bank_number,
	};
}

const NOT_FOUND = fail('no customer found');
const OLD_NOT_FOUND = { result: 'false', reason: 'no customer found', id: 0 };

const payment = bodyOf('POST /{api_key}/customer/payment/{cid}', {
	payment_token: z.string().min(1).optional(),
	cc_name: z.string().min(1).optional(),
	// Integers, as the spec types them (cc_expmonth is a string, for its leading 0).
	cc_number: z
		.number({ invalid_type_error: 'must be an integer' })
		.int('must be an integer')
		.transform(String)
		.pipe(z.string().regex(/^\d{12,19}$/, 'must be 12 to 19 digits'))
		.optional(),
	cc_expmonth: z
		.string()
		.regex(/^(0[1-9]|1[0-2])$/, 'must be 2 digits with a leading 0')
		.optional(),
	cc_expyear: z
		.number({ invalid_type_error: 'must be an integer' })
		.int('must be an integer')
		.min(2000)
		.max(2099)
		.optional(),
	cc_ccv: z.string().min(3).optional(),
	// A float, as the spec types it: text is not read as a number.
	amount: z
		.number({ required_error: 'is required', invalid_type_error: 'must be a number' })
		.min(1, 'must be 1 or more'),
}).strict();

const CARD_FIELDS = ['cc_name', 'cc_number', 'cc_expmonth', 'cc_expyear', 'cc_ccv'] as const;

// The charge item bodies are not shown: the fields are the package's guess (test/spec/customer.ts).
const CHARGE_ITEM = {
	description: z.string().min(1, 'is required'),
	amount: z.coerce.number(),
	quantity: z.coerce.number().positive().default(1),
	pid: z.coerce.number().int().nonnegative().optional(),
};
const chargeItem = bodyOf('POST /{api_key}/customer/item/add', {
	...CHARGE_ITEM,
	cid: bodyCid,
}).strict();
const chargeItemUpdate = bodyOf('POST /{api_key}/customer/item/update/{id}', CHARGE_ITEM)
	.partial()
	.strict();

export function registerCustomerRoutes(app: FastifyInstance, state: State): void {
	const customer = (request: Req) => state.findCustomer(deptOf(request), request.params.cid);

	app.post('/customer/add', async (request: Req) => {
		const parsed = customerAdd.safeParse(request.body ?? {});
		if (!parsed.success) return { result: 'false', reason: firstIssue(parsed.error), id: 0 };
		// Every field is optional in the spec's shapes: no name is required and none is made up.
		const data = parsed.data;
		const cid = state.nextId('customer', 1001);
		const company = data.company ?? '';
		state.customers.push({
			cid,
			deptid: deptOf(request),
			account_id: `ACC-${deptOf(request)}-N${cid}`,
			crm_id: '',
			company,
			trading_name: null,
			name: data.name ?? '',
			surname: data.surname ?? '',
			email: data.email ?? '',
			phone: data.phone ?? '',
			mobile: data.mobile ?? '',
			credit_management: data.credit_management ?? 0,
			web_password: data.web_password ?? '',
			dob: data.dob ?? '',
			abn: data.abn ?? '',
			paymethod: data.paymethod ?? 'invoice',
			ctgid: data.ctgid ?? 1,
			card_token: data.card_token ?? '',
			bank_name: data.bank_name ?? '',
			bank_bsb: data.bank_bsb ?? '',
			bank_number: data.bank_number ?? '',
			active: true,
			balance: 0,
			price_book_id: null,
			suburb: '',
			street: '',
			billinggroup: 'Retail',
			account_state: '',
			billingcycle: 'monthly',
			business_type: '',
			account_manager: '',
			reseller_cid: null,
		});
		return { result: 'sucess', id: String(cid) };
	});

	app.post('/customer/update/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return OLD_NOT_FOUND;
		const parsed = customerUpdate.safeParse(request.body ?? {});
		if (!parsed.success) return { result: 'false', reason: firstIssue(parsed.error), id: 0 };
		Object.assign(found, parsed.data);
		return { success: true, description: 'customer updated' };
	});

	app.get('/customer/search/:field/:value', async (request: Req) => {
		const field = request.params.field as (typeof SEARCH_FIELDS)[number];
		if (!SEARCH_FIELDS.includes(field)) return fail('invalid search field');
		const value = typedValue(state.traits, request.params.value);
		if (value.length < 3) return fail('search value must be at least 3 characters');
		// How text is compared, whether inactive customers are found and what a search finding nobody
		// answers are the spec's open questions: the traits answer them (traits.ts).
		const matches = searchMatcher(state.traits, value);
		const inactiveShown = state.traits.searchInactive === 'shown';
		const found = state.customers.filter(
			(c) =>
				c.deptid === deptOf(request) && (inactiveShown || c.active) && matches(String(c[field])),
		);
		if (found.length === 0 && state.traits.searchNone === 'notFound') return NOT_FOUND;
		return { success: true, records: found.map((c) => searchRecord(c, state)) };
	});

	app.get('/customer/getAll', async (request: Req) => ({
		success: true,
		records: state.customers
			.filter((c) => c.deptid === deptOf(request) && c.active)
			.map((c) => ({ cid: c.cid, company: c.company, trading_name: c.trading_name })),
	}));

	app.get('/customer/balance/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		return { success: true, balance: money(found.balance), cid: String(found.cid) };
	});

	app.get('/customer/paymentDetails/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		return {
			success: true,
			cid: String(found.cid),
			paymethod: found.paymethod,
			card_on_file: found.card_token !== '',
			bank_on_file: found.bank_number !== '',
			bank_name: found.bank_name || null,
			bank_bsb: found.bank_bsb || null,
			bank_number_last3: found.bank_number ? found.bank_number.slice(-3) : null,
		};
	});

	app.get('/customer/get/servicePricing/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return { success: 'false', message: 'unable to retrieve customer' };
		return {
			success: true,
			prices: state.serviceTypes.map((type) => {
				const { price, fromPriceBook } = state.priceFor(found, type.esid)!;
				return {
					service_type_id: String(type.esid),
					name: type.typeofservice,
					price: money(price, 4),
					default_price: !fromPriceBook,
				};
			}),
		};
	});

	app.post('/customer/payment/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		const parsed = payment.safeParse(request.body ?? {});
		if (!parsed.success) return fail(firstIssue(parsed.error));
		const body = parsed.data;
		const cardGiven = CARD_FIELDS.filter((field) => body[field] !== undefined);
		const sources = [
			body.card_on_file === true,
			body.bank_on_file === true,
			body.payment_token !== undefined,
			cardGiven.length > 0,
		];
		if (sources.filter(Boolean).length !== 1) {
			return fail(
				'supply exactly one of card_on_file, bank_on_file, payment_token or the card fields',
			);
		}
		if (cardGiven.length > 0 && cardGiven.length < CARD_FIELDS.length) {
			return fail(
				`card details incomplete: ${CARD_FIELDS.filter((f) => body[f] === undefined).join(', ')} missing`,
			);
		}
		if (body.card_on_file && !found.card_token) return fail('no card on file');
		if (body.bank_on_file && !found.bank_number) return fail('no bank account on file');
		if (body.cc_number?.endsWith('0002')) return fail('card declined');
		const method = body.card_on_file
			? 'card_on_file'
			: body.bank_on_file
				? 'bank_on_file'
				: body.payment_token
					? 'payment_token'
					: 'card';
		if (method === 'card' && body.store_card)
			found.card_token = `card_tok_${found.cid}_${body.cc_number?.slice(-4)}`;
		const id = state.nextId('payment', 70001);
		state.payments.push({
			id,
			cid: found.cid,
			amount: body.amount,
			kind: 'gateway',
			method,
			date: today(),
		});
		found.balance = Math.round((found.balance - body.amount) * 100) / 100;
		// The spec's answer: {success, description}; no payment id.
		return { success: true, description: `payment of ${money(body.amount)} processed` };
	});

	app.post('/customer/external-payment/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		const body = request.body ?? {};
		const transactionId = String(body.transaction_id ?? '').trim();
		if (!transactionId) return fail('transaction_id is required');
		const amount = Number(body.amount);
		if (!Number.isFinite(amount) || amount <= 0) return fail('amount must be a positive number');
		const existing = state.payments.find(
			(p) => p.kind === 'external' && p.cid === found.cid && p.transaction_id === transactionId,
		);
		if (existing) {
			return {
				success: true,
				duplicate: true,
				description: 'duplicate transaction_id: payment already logged',
				payment_id: String(existing.id),
			};
		}
		const id = state.nextId('payment', 70001);
		const date = typeof body.date === 'string' && body.date ? body.date : today();
		state.payments.push({
			id,
			cid: found.cid,
			amount,
			kind: 'external',
			method: String(body.payment_type ?? 'external'),
			transaction_id: transactionId,
			date,
		});
		found.balance = Math.round((found.balance - amount) * 100) / 100;
		return {
			success: true,
			duplicate: false,
			description: 'payment logged',
			payment_id: String(id),
		};
	});

	app.post('/customer/item/add', async (request: Req) => {
		const parsed = chargeItem.safeParse(request.body ?? {});
		if (!parsed.success) return fail(firstIssue(parsed.error));
		const found = state.customerById(deptOf(request), parsed.data.cid);
		if (!found) return NOT_FOUND;
		const id = state.nextId('chargeItem', 9001);
		state.chargeItems.push({
			id,
			cid: found.cid,
			deptid: found.deptid,
			description: parsed.data.description,
			amount: parsed.data.amount,
			quantity: parsed.data.quantity,
			charge_date: parsed.data.charge_date ?? today(),
			pid: parsed.data.pid ?? null,
		});
		return { success: true, id: String(id) };
	});

	app.post('/customer/item/update/:id', async (request: Req) => {
		const item = state.chargeItems.find(
			(i) => String(i.id) === request.params.id && i.deptid === deptOf(request),
		);
		if (!item) return fail('customer item not found');
		const parsed = chargeItemUpdate.safeParse(request.body ?? {});
		if (!parsed.success) return fail(firstIssue(parsed.error));
		Object.assign(
			item,
			Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
		);
		return { success: true, description: 'customer item updated' };
	});

	app.get('/customer/getManagementStatus/:cid', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		return {
			success: true,
			cid: String(found.cid),
			credit_management: String(found.credit_management),
		};
	});

	app.get('/customer/setManagementStatus/:cid/:status', async (request: Req) => {
		const found = customer(request);
		if (!found) return NOT_FOUND;
		if (!['0', '1'].includes(request.params.status)) return fail('status must be 0 or 1');
		found.credit_management = Number(request.params.status);
		return {
			success: true,
			description: `credit management turned ${found.credit_management ? 'on' : 'off'}`,
		};
	});
}
