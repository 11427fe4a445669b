import type { FastifyInstance } from 'fastify';
import type { Traits } from './traits';

/**
 * The numeric values the `numbers` trait turns into all numbers or all strings, by route (its path under
 * the key). A dotted path into the answer; `*` is each element of an array. Ids, amounts, counts and flags;
 * not digit strings that are no quantity (phone numbers, ABNs, BSBs, rate codes), nor a value whose type
 * the spec states for the answer itself: getAll's `cid (integer)`, `orders/add`'s `id: integer`, booleans.
 */
const SERVICE = [
	'id',
	'cid',
	'servicetype',
	'monthlyfee',
	'cost',
	'quantity',
	'parent_id',
	'call_rates_id',
	'bundle_id',
];
const SERVICE_TYPE = ['esid', 'calls_service', 'list_price', 'wholesale_price', 'reseller_price'];
const PAGES = ['page_number', 'total_pages'];
const ETF = ['amount_remaining', 'etf', 'etf_applied'];
const RATE_ITEM = [
	'id',
	'ctgid',
	'ctid',
	'fixedrate',
	'ratepermin',
	'flagfall',
	'min_cost',
	'max_cost',
	'free_seconds',
	'min_callpackusage',
	'max_callpackusage',
	'user_created',
	'user_modified',
];
const BUNDLE = [
	'id',
	'active',
	'included_usage_type',
	'included_value',
	'monthly_cost',
	'call_types.*',
];
const under = (prefix: string, fields: string[]) => fields.map((field) => `${prefix}.${field}`);

const NUMERIC: Record<string, string[]> = {
	'/customer/search/:field/:value': under('records.*', [
		'cid',
		'credit_management',
		'ctgid',
		'balance',
		'active',
	]),
	'/customer/balance/:cid': ['balance', 'cid'],
	'/customer/paymentDetails/:cid': ['cid'],
	'/customer/get/servicePricing/:cid': under('prices.*', ['service_type_id', 'price']),
	'/customer/add': ['id'],
	'/customer/external-payment/:cid': ['payment_id'],
	'/customer/item/add': ['id'],
	'/customer/getManagementStatus/:cid': ['cid', 'credit_management'],
	'/customer/:cid/contacts': ['contacts.*.id', 'contact.id'],
	'/customer/:cid/contact/:contactId': ['contact.id'],
	'/services/search': under('records.*', SERVICE),
	'/services/get/:id': under('serviceType', SERVICE),
	'/services/getRelatedServices/:id': under('records.*', SERVICE),
	'/services/add': ['id'],
	'/services/update/:id': ['id'],
	'/services/item/add': ['id'],
	'/services/:id/calculateETF': ETF,
	'/services/:id/calculateETF/:date': ETF,
	'/services/calculateMultipleETF': under('*', ['enid', ...ETF]),
	'/services/calculateMultipleETF/:date': under('*', ['enid', ...ETF]),
	'/services/doMultipleETF': ['*.enid'],
	'/services/doMultipleETF/:date': ['*.enid'],
	'/services/get/monthlyCostByServiceNumber/:date/:num': ['data.enid', 'data.monthlyfee'],
	'/services/get/monthlyCostByServiceNumber/proRata/:date/:num': [
		'data.enid',
		'data.monthly_prorata_fee',
	],
	'/services/get/monthlyCostByServiceNumber/daily/:num': ['data.enid', 'data.dailyfee'],
	'/services/get/page/:page': under('results.*', SERVICE_TYPE).concat(PAGES),
	'/serviceType/get/page/:page': under('results.*', SERVICE_TYPE).concat(PAGES),
	'/serviceType/search': under('results.*', [...SERVICE_TYPE, 'helpdesk_display']).concat([
		'page',
		'limit',
		'total_results',
		'total_pages',
	]),
	'/serviceType/get/:id': under('serviceType', [
		...SERVICE_TYPE,
		'data_service',
		'sms_postpaid',
		'helpdesk_display',
		'user_created',
		'user_modified',
		'ctgid',
		'cost_price',
	]),
	'/serviceBundles/getByCustomer/:cid': under('serviceBundles.*', BUNDLE),
	'/serviceBundles/get/:id': under('serviceBundle', [...BUNDLE, 'cid'])
		.concat(under('serviceBundle.charges.*', ['id', 'cid', 'active', 'monthly_cost']))
		.concat(under('serviceBundle.services.*', ['enid', 'servicetype'])),
	'/serviceBundles/post': ['id'],
	'/priceBooks/get/page/:page': ['results.*.id', ...PAGES],
	'/priceBooks/get/:id': under('priceBook', ['id', 'user_created', 'user_modified']).concat(
		under('priceBook.items.*', ['id', 'related_id', 'list_price', 'override', 'adjustment']),
	),
	'/priceBooks/post': ['id'],
	'/products/get/page/:page': under('results.*', ['pid', 'ex_tax_amount']).concat(PAGES),
	'/product/get/:id': under('products', [
		'pid',
		'ex_tax_amount',
		'inc_tax_amount',
		'cost',
		'vid',
		'taxrate_id',
		'taxrate',
		'catid',
	]),
	'/callRates/get/page/:page': under('results.*', ['id', 'billing_increment']).concat(PAGES),
	'/callRates/get/:id': under('callRates', [
		'ctgid',
		'active',
		'billing_increment',
		'international_markup_percent',
		'user_created',
		'user_modified',
	]).concat(under('callRates.callTypes.*', RATE_ITEM)),
	'/callRates/post': ['ctgid'],
	'/callType/get/:id': under('serviceType', ['ctid', 'priority']).concat(
		under('serviceType.default_rate', RATE_ITEM),
	),
	'/cdr/add': ['id'],
	'/cdr/multiple/add': ['*.id'],
	'/cdr/getPrice/:id': ['data.id', 'data.price'],
	'/cdr/getMultiplePrice': ['data.*.id', 'data.*.price'],
	'/cdr/exports': ['data.*.cid'],
	'/cdr/exports/include_inactive': ['data.*.cid'],
	'/externalsales/add': under('results.*', ['cid', 'iid']).concat(
		under('results.*.paymentResult', ['payment_id', 'surcharge', 'amount', 'balance']),
	),
};

/** The per-record result arrays (`recordOrder`): '' is the answer itself. */
const PER_RECORD: Record<string, string[]> = {
	'/cdr/multiple/add': [''],
	'/cdr/getMultiplePrice': ['data', 'failures'],
	'/services/calculateMultipleETF': [''],
	'/services/calculateMultipleETF/:date': [''],
	'/services/doMultipleETF': [''],
	'/services/doMultipleETF/:date': [''],
	'/externalsales/add': ['results'],
};

/** The unpaged lists (`listOrder`), oldest first as the simulator holds them. */
const LISTS: Record<string, string[]> = {
	'/customer/getAll': ['records'],
	'/customer/search/:field/:value': ['records'],
	'/services/search': ['records'],
	'/services/getRelatedServices/:id': ['records'],
	'/customer/:cid/contacts': ['contacts'],
	'/serviceBundles/getByCustomer/:cid': ['serviceBundles'],
};

const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** Calls `act` with the holder and key of every value `path` reaches in `node`. */
function reach(
	node: unknown,
	steps: readonly string[],
	act: (holder: Record<string, unknown> | unknown[], key: string | number) => void,
): void {
	if (node === null || typeof node !== 'object' || steps.length === 0) return;
	const [step, ...rest] = steps;
	const keys: Array<string | number> =
		step === '*' ? (Array.isArray(node) ? node.map((_, i) => i) : []) : [step];
	for (const key of keys) {
		const holder = node as Record<string, unknown>;
		if (!(key in holder)) continue;
		if (rest.length === 0) act(holder, key);
		else reach(holder[key as string], rest, act);
	}
}

function retype(value: unknown, to: Traits['numbers']): unknown {
	if (to === 'numbers' && typeof value === 'string' && NUMERIC_TEXT.test(value))
		return Number(value);
	if (to === 'strings' && typeof value === 'number') return String(value);
	return value;
}

function reversed(answer: unknown, paths: string[]): unknown {
	let result = answer;
	for (const path of paths) {
		if (path === '' && Array.isArray(result)) result = [...(result as unknown[])].reverse();
		else
			reach(result, [path], (holder, key) => {
				const list = (holder as Record<string, unknown>)[key as string];
				if (Array.isArray(list))
					(holder as Record<string, unknown>)[key as string] = [...list].reverse();
			});
	}
	return result;
}

/** Whether an answer is a failure: its own fields are the failure's, not the route's. */
function failed(answer: unknown): boolean {
	if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return false;
	const { success, result } = answer as { success?: unknown; result?: unknown };
	return success === false || success === 'false' || result === 'false';
}

/**
 * The traits that shape a route's answer after it is made (numbers, recordOrder, listOrder), on the
 * routes registered in `app`: a copy of the answer is changed, never the state a route handed out.
 */
export function shapeAnswers(app: FastifyInstance, traits: Traits): void {
	app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
		const route = (request.routeOptions.url ?? '').replace(/^\/:apiKey/, '');
		const numeric = traits.numbers !== 'mixed' && !failed(payload) ? NUMERIC[route] : undefined;
		const perRecord = traits.recordOrder === 'reversed' ? PER_RECORD[route] : undefined;
		const lists = traits.listOrder === 'newestFirst' ? LISTS[route] : undefined;
		if (!numeric && !perRecord && !lists) return payload;
		let answer = structuredClone(payload);
		for (const path of numeric ?? [])
			reach(answer, path.split('.'), (holder, key) => {
				const record = holder as Record<string | number, unknown>;
				record[key] = retype(record[key], traits.numbers);
			});
		if (perRecord) answer = reversed(answer, perRecord);
		if (lists) answer = reversed(answer, lists);
		return answer;
	});
}
