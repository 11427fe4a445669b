import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDays, addMonths, daysInMonth, endOfMonth, monthsBetween, parseDate } from '../dates';
import { bodyCid, deptOf, fail, money, text, today } from '../respond';
import { SERVICE_STATUSES } from '../state';
import type { Service, State } from '../state';
import { page } from './paging';
import { bodyOf } from '../requestSchemas';
import { serviceTypeListRecord } from './catalog';
import type { Extra } from '../extras';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: unknown }>;

const SEARCHABLE = [
	'id',
	'cid',
	'username',
	'service_num',
	'start_date',
	'ip_ipadd',
	'monthlyfee',
	'date_ended',
	'call_rates_id',
	'billing_name',
	'date_created',
	'date_modified',
	'service_status',
];
const OPERATORS = ['=', 'like', '<', '>', '<=', '>=', '!='];

/**
 * A service record as the platform shows it: ids and money as strings; the contract term under the
 * field table's spelling `contractterm` only (the prose's `contracterm` too with `otherSpelling`).
 */
export function serviceRecord(service: Service, extras: ReadonlySet<Extra> = new Set()) {
	const { contracterm, ...rest }: Partial<Service> = service;
	delete rest.deptid;
	return {
		...rest,
		...(extras.has('otherSpelling') && { contracterm }),
		id: String(service.id),
		cid: String(service.cid),
		servicetype: String(service.servicetype),
		monthlyfee: money(service.monthlyfee),
		cost: money(service.cost),
		quantity: String(service.quantity),
		parent_id: service.parent_id === null ? null : String(service.parent_id),
		contractterm: service.contracterm,
	};
}

export function isActive(service: Service, on = today()): boolean {
	return (
		(service.date_ended === null || service.date_ended >= on) &&
		!['disconnected', 'churned'].includes(service.service_status)
	);
}

/** One search criterion; text compared ignoring case or not, as the `serviceSearchCase` trait says. */
function compare(left: unknown, operator: string, right: string, ignoreCase: boolean): boolean {
	const l = left === null || left === undefined ? '' : String(left);
	const numeric =
		l !== '' && right !== '' && !Number.isNaN(Number(l)) && !Number.isNaN(Number(right));
	const cased = (text: string) => (ignoreCase ? text.toLowerCase() : text);
	const a: string | number = numeric ? Number(l) : cased(l);
	const b: string | number = numeric ? Number(right) : cased(right);
	switch (operator) {
		case '=':
			return a === b;
		case '!=':
			return a !== b;
		case '<':
			return a < b;
		case '>':
			return a > b;
		case '<=':
			return a <= b;
		case '>=':
			return a >= b;
		default:
			return cased(l).includes(cased(right));
	}
}

// Where the spec leaves the rule open; the update body takes the same fields, each optional.
const SERVICE_FIELDS = {
	cid: bodyCid,
	servicetype: z.coerce.number().int().positive(),
	service_num: text.pipe(z.string().min(1)),
	monthlyfee: z.coerce.number().nonnegative().optional(),
	parent_id: z.coerce.number().int().positive().optional(),
	call_rates_id: z.coerce.number().int().positive().optional(),
	bundle_id: z.coerce.number().int().positive().optional(),
};

// `contracterm` is not a spec field: the prose's spelling, taken only with the `otherSpelling` extra.
const createBody = bodyOf('POST /{api_key}/services/add', SERVICE_FIELDS).extend({
	contracterm: z.string().optional(),
});

/** A refused cid worded as the platform's other refusals: `cid must be an integer (the customer id)`. */
function cidIssue(error: z.ZodError): string | undefined {
	const issue = error.issues.find((i) => i.path[0] === 'cid');
	return issue && `cid ${issue.message}`;
}

const updateBody = bodyOf('POST /{api_key}/services/update/{id}', {
	...SERVICE_FIELDS,
	monthlyfee: z.union([z.literal(false), z.coerce.number().nonnegative()]),
})
	.extend({ contracterm: z.string().optional() })
	.partial();

const itemBody = bodyOf('POST /{api_key}/services/item/add', {
	enid: z.number().int().positive(),
	pid: z.number().int().positive(),
});

const criterion = bodyOf('POST /{api_key}/services/search', {
	field: z.string(),
	operator: z.string().default('like'),
	value: z.union([z.string(), z.number()]).transform(String),
});

/**
 * The contract model (the spec leaves it open): the term is the service's contract text ("24 months")
 * or else its service type's default; the service bills monthly in advance, so it is billed to the end
 * of the month of the given date; what remains is the fee for each whole or started contract month after
 * that, up to the contract end date; the ETF
 * is the service type's etf_percent of what remains.
 */
export function earlyTermination(state: State, service: Service, date: string) {
	const type = state.serviceTypes.find((t) => t.esid === service.servicetype);
	const term = Number.parseInt(service.contracterm, 10) || type?.contract_months || 0;
	const contractEnd = addMonths(service.start_date, term);
	const billedUntil = endOfMonth(date);
	const inContract = term > 0 && date < contractEnd;
	const remainingMonths = inContract ? monthsBetween(addDays(billedUntil, 1), contractEnd) : 0;
	// In whole cents, so 539.55 × 50% rounds half up to 269.78 as a person would.
	const remainingCents = Math.round(remainingMonths * service.monthlyfee * 100);
	const etfCents = Math.round((remainingCents * (type?.etf_percent ?? 0)) / 100);
	const applied = state.serviceCharges
		.filter((c) => c.enid === service.id && c.kind === 'etf')
		.reduce((sum, c) => sum + c.inc_tax_amount, 0);
	return {
		in_contract: inContract,
		billed_until: billedUntil,
		etf_date: date,
		contract_end_date: contractEnd,
		amount_remaining: money(remainingCents / 100),
		etf: money(etfCents / 100),
		etf_applied: money(applied),
	};
}

export function registerServiceRoutes(app: FastifyInstance, state: State, pageSize: number): void {
	const mine = (request: Req) => state.services.filter((s) => s.deptid === deptOf(request));
	const byId = (request: Req, id: unknown) =>
		mine(request).find((s) => String(s.id) === String(id));
	const dateParam = (request: Req) => request.params.date ?? today();

	// The spec: `{results: [service type list records], page_number, total_pages}`, whatever the path says.
	app.get('/services/get/page/:page', async (request: Req) =>
		page(state.serviceTypes.map(serviceTypeListRecord), request.params.page, pageSize),
	);

	app.post('/services/search', async (request: Req) => {
		const parsed = z.array(criterion).min(1).safeParse(request.body);
		if (!parsed.success) return fail('Invalid or no search criteria');
		const activeOnly = parsed.data.some((c) => c.field === 'active_services');
		const criteria = parsed.data.filter((c) => c.field !== 'active_services');
		if (criteria.some((c) => !SEARCHABLE.includes(c.field) || !OPERATORS.includes(c.operator)))
			return fail('Invalid or no search criteria');
		const records = mine(request).filter(
			(s) =>
				(!activeOnly || isActive(s)) &&
				criteria.every((c) =>
					compare(
						(s as unknown as Record<string, unknown>)[c.field],
						c.operator,
						c.value,
						state.traits.serviceSearchCase === 'ignored',
					),
				),
		);
		return { success: true, records: records.map((s) => serviceRecord(s, state.extras)) };
	});

	app.get('/services/get/:id', async (request: Req) => {
		const service = byId(request, request.params.id);
		return service
			? { success: true, serviceType: serviceRecord(service, state.extras) }
			: fail('service not found');
	});

	// The spec spells the contract term two ways; its field table's `contractterm` is the one accepted,
	// the prose's `contracterm` only with the `otherSpelling` extra (a platform that reads either).
	const spellingRefusal = (request: Req) =>
		request.body &&
		typeof request.body === 'object' &&
		'contracterm' in request.body &&
		!state.extras.has('otherSpelling')
			? fail('contracterm is not a service field (the field is contractterm)')
			: undefined;

	app.post('/services/add', async (request: Req) => {
		const refused = spellingRefusal(request);
		if (refused) return refused;
		const parsed = createBody.safeParse(request.body ?? {});
		if (!parsed.success)
			return fail(cidIssue(parsed.error) ?? `${parsed.error.issues[0].path.join('.')} is required`);
		const body = parsed.data;
		const customer = state.customerById(deptOf(request), body.cid);
		if (!customer) return fail('no customer found');
		const price = state.priceFor(customer, body.servicetype);
		if (!price) return fail('serviceType not found');
		const status = body.service_status ?? 'active';
		if (!SERVICE_STATUSES.includes(status as Service['service_status']))
			return fail('invalid service_status');
		const id = state.nextId('service', 20001);
		const now = `${today()} 00:00:00`;
		state.services.push({
			id,
			deptid: deptOf(request),
			cid: customer.cid,
			service_num: body.service_num,
			start_date: body.start_date,
			servicetype: body.servicetype,
			monthlyfee: body.monthlyfee ?? price.price,
			date_ended: null,
			billing_cycle: '',
			contracterm: body.contractterm ?? body.contracterm ?? '',
			billing_name:
				body.billing_name ??
				state.serviceTypes.find((t) => t.esid === body.servicetype)!.typeofservice,
			call_rates_id: body.call_rates_id ?? null,
			bundle_id: body.bundle_id ?? null,
			cost: body.cost ?? 0,
			quantity: body.quantity ?? 1,
			parent_id: body.parent_id ?? null,
			service_status: status as Service['service_status'],
			username: '',
			ip_ipadd: '',
			ext_field2: '',
			date_created: now,
			date_modified: now,
		});
		return { success: true, id: String(id) };
	});

	app.post('/services/update/:id', async (request: Req) => {
		const service = byId(request, request.params.id);
		if (!service) return fail('service not found');
		const refused = spellingRefusal(request);
		if (refused) return refused;
		const parsed = updateBody.safeParse(request.body ?? {});
		if (!parsed.success)
			return fail(cidIssue(parsed.error) ?? `${parsed.error.issues[0].path.join('.')} is invalid`);
		const { monthlyfee, service_status, cid, contractterm, ...rest } = parsed.data;
		if (
			service_status !== undefined &&
			!SERVICE_STATUSES.includes(service_status as Service['service_status'])
		)
			return fail('invalid service_status');
		if (cid !== undefined) {
			const customer = state.customerById(deptOf(request), cid);
			if (!customer) return fail('no customer found');
			service.cid = customer.cid;
		}
		if (
			rest.servicetype !== undefined &&
			!state.serviceTypes.some((t) => t.esid === rest.servicetype)
		)
			return fail('serviceType not found');
		Object.assign(
			service,
			Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
		);
		if (contractterm !== undefined) service.contracterm = contractterm;
		if (service_status !== undefined)
			service.service_status = service_status as Service['service_status'];
		if (monthlyfee === false) {
			const customer = state.customers.find((c) => c.cid === service.cid)!;
			service.monthlyfee = state.priceFor(customer, service.servicetype)!.price;
		} else if (monthlyfee !== undefined) {
			service.monthlyfee = monthlyfee;
		}
		service.date_modified = `${today()} 00:00:00`;
		return { success: true, id: String(service.id) };
	});

	app.post('/services/item/add', async (request: Req) => {
		const parsed = itemBody.safeParse(request.body ?? {});
		if (!parsed.success) return fail(`${parsed.error.issues[0].path.join('.')} is required`);
		const service = byId(request, parsed.data.enid);
		if (!service) return fail('service not found');
		const product = state.products.find((p) => p.pid === parsed.data.pid);
		if (!product) return fail('products not found');
		const id = state.nextId('serviceCharge', 30001);
		const taxrate = parsed.data.taxrate ?? product.taxrate;
		state.serviceCharges.push({
			id,
			enid: service.id,
			pid: product.pid,
			kind: 'misc',
			charge_date: parsed.data.charge_date,
			description: parsed.data.description ?? product.description,
			inc_tax_amount:
				parsed.data.inc_tax_amount ?? Math.round(product.ex_tax_amount * (100 + taxrate)) / 100,
			taxrate,
		});
		return { success: true, id: String(id) };
	});

	app.get('/services/getRelatedServices/:id', async (request: Req) => {
		const parent = byId(request, request.params.id);
		if (!parent) return fail('service not found');
		return {
			success: true,
			records: mine(request)
				.filter((s) => s.parent_id === parent.id)
				.map((s) => serviceRecord(s, state.extras)),
		};
	});

	const calculate = async (request: Req) => {
		const service = byId(request, request.params.id);
		if (!service) return fail('service not found');
		if (!parseDate(dateParam(request))) return fail('invalid date');
		return { success: true, ...earlyTermination(state, service, dateParam(request)) };
	};
	app.get('/services/:id/calculateETF', calculate);
	app.get('/services/:id/calculateETF/:date', calculate);

	const apply = (request: Req, service: Service) => {
		const result = earlyTermination(state, service, dateParam(request));
		const fee = Number(result.etf);
		if (fee > 0) {
			state.serviceCharges.push({
				id: state.nextId('serviceCharge', 30001),
				enid: service.id,
				pid: 3,
				kind: 'etf',
				charge_date: dateParam(request),
				description: 'Early termination fee',
				inc_tax_amount: fee,
				taxrate: 0,
			});
		}
		return fee;
	};
	const doEtf = async (request: Req) => {
		const service = byId(request, request.params.id);
		if (!service) return fail('service not found');
		if (!parseDate(dateParam(request))) return fail('invalid date');
		apply(request, service);
		return { success: true };
	};
	app.get('/services/:id/doETF', doEtf);
	app.get('/services/:id/doETF/:date', doEtf);

	const ids = z.array(z.coerce.number().int().positive()).min(1);
	const calculateMany = async (request: Req) => {
		const parsed = ids.safeParse(request.body);
		if (!parsed.success) return fail('body must be an array of service ids');
		if (!parseDate(dateParam(request))) return fail('invalid date');
		return parsed.data.map((id) => {
			const service = byId(request, id);
			return service
				? { enid: id, ...earlyTermination(state, service, dateParam(request)) }
				: { enid: id, success: false, description: 'service not found' };
		});
	};
	app.post('/services/calculateMultipleETF', calculateMany);
	app.post('/services/calculateMultipleETF/:date', calculateMany);

	const doMany = async (request: Req) => {
		const parsed = ids.safeParse(request.body);
		if (!parsed.success) return fail('body must be an array of service ids');
		if (!parseDate(dateParam(request))) return fail('invalid date');
		return parsed.data.map((id) => {
			const service = byId(request, id);
			if (!service) return { success: false, enid: id, description: 'service not found' };
			apply(request, service);
			return { success: true, enid: id };
		});
	};
	app.post('/services/doMultipleETF', doMany);
	app.post('/services/doMultipleETF/:date', doMany);

	const costData = (service: Service) => ({
		enid: String(service.id),
		service_num: service.service_num,
		ratecode: state.serviceTypes.find((t) => t.esid === service.servicetype)?.ratecode ?? null,
		service_type:
			state.serviceTypes.find((t) => t.esid === service.servicetype)?.typeofservice ?? '',
	});
	const activeOn = (request: Req, num: string, date: string) =>
		mine(request).find(
			(s) =>
				s.service_num === num &&
				s.start_date <= date &&
				(s.date_ended === null || s.date_ended >= date),
		);

	app.get('/services/get/monthlyCostByServiceNumber/daily/:num', async (request: Req) => {
		const service = activeOn(request, request.params.num, today());
		if (!service) return fail(`${request.params.num} not found`);
		return {
			success: true,
			data: { ...costData(service), dailyfee: money((service.monthlyfee * 12) / 365, 4) },
		};
	});

	app.get('/services/get/monthlyCostByServiceNumber/proRata/:date/:num', async (request: Req) => {
		const { date, num } = request.params;
		const service = parseDate(date)
			? mine(request).find((s) => s.service_num === num && s.start_date === date)
			: undefined;
		if (!service) return fail(`${num} not found as starting on ${date}`);
		const days = daysInMonth(date);
		const remaining = days - Number(date.slice(8)) + 1;
		return {
			success: true,
			data: {
				...costData(service),
				monthly_prorata_fee: money((service.monthlyfee * remaining) / days),
			},
		};
	});

	app.get('/services/get/monthlyCostByServiceNumber/:date/:num', async (request: Req) => {
		const { date, num } = request.params;
		const service = parseDate(date) ? activeOn(request, num, date) : undefined;
		if (!service) return fail(`${num} not found`);
		return { success: true, data: { ...costData(service), monthlyfee: money(service.monthlyfee) } };
	});
}
