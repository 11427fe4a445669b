import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bodyCid, deptOf, fail, firstIssue, today } from '../respond';
import { bodyOf } from '../requestSchemas';
import type { Bundle, State } from '../state';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, unknown> }>;

// Required are name and cid; both missing or empty get the one answer 'name is required', after the parse.
const bundleBody = bodyOf('POST /{api_key}/serviceBundles/post', {
	id: z.coerce.number().int().positive().optional(),
	// An empty cid is a missing one: the platform answers both with 'name is required'.
	cid: z.preprocess((value) => (value === '' ? undefined : value), bodyCid.optional()),
	name: z.string().optional(),
	included_usage_type: z.coerce.number().int().min(0).max(2).optional(),
	call_types: z.array(z.coerce.number().int().positive()).optional(),
});

function listRecord(bundle: Bundle) {
	return {
		id: String(bundle.id),
		name: bundle.name,
		active: bundle.active,
		date_started: bundle.date_started,
		date_ended: bundle.date_ended,
		included_usage_type: bundle.included_usage_type,
		included_value: bundle.included_value,
		monthly_cost: bundle.monthly_cost,
		call_types: bundle.call_types,
	};
}

export function registerBundleRoutes(app: FastifyInstance, state: State): void {
	const mine = (request: Req) => state.bundles.filter((b) => b.deptid === deptOf(request));

	app.get('/serviceBundles/getByCustomer/:cid', async (request: Req) => {
		const customer = state.findCustomer(deptOf(request), request.params.cid);
		if (!customer) return fail('no customer found');
		return {
			success: true,
			serviceBundles: mine(request)
				.filter((b) => b.cid === customer.cid)
				.map(listRecord),
		};
	});

	app.get('/serviceBundles/get/:id', async (request: Req) => {
		const bundle = mine(request).find((b) => String(b.id) === request.params.id);
		if (!bundle) return fail('serviceBundles not found');
		return {
			success: true,
			serviceBundle: {
				...listRecord(bundle),
				cid: String(bundle.cid),
				charges: bundle.charges.map((c) => ({ ...c, id: String(c.id), cid: String(bundle.cid) })),
				services: state.services
					.filter((s) => s.bundle_id === bundle.id)
					.map((s) => ({
						enid: String(s.id),
						service_num: s.service_num,
						servicetype: String(s.servicetype),
						date_ended: s.date_ended,
						billing_name: s.billing_name,
						date_started: s.start_date,
					})),
			},
		};
	});

	app.post('/serviceBundles/post', async (request: Req) => {
		const parsed = bundleBody.safeParse(request.body ?? {});
		if (!parsed.success)
			return fail(
				parsed.error.issues[0].path[0] === 'cid'
					? firstIssue(parsed.error)
					: `${parsed.error.issues[0].path.join('.')} is invalid`,
			);
		const { id, cid, name, ...fields } = parsed.data;
		if (!name || !cid) return fail('name is required');
		const customer = state.customerById(deptOf(request), cid);
		if (!customer) return fail('no customer found');
		const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
		if (id) {
			const bundle = mine(request).find((b) => b.id === id);
			if (!bundle) return fail('serviceBundles not found');
			Object.assign(bundle, defined, { name, cid: customer.cid });
			return { success: true, id: String(bundle.id) };
		}
		const newId = state.nextId('bundle', 40001);
		state.bundles.push({
			id: newId,
			deptid: deptOf(request),
			cid: customer.cid,
			name,
			active: 1,
			date_started: today(),
			date_ended: null,
			included_usage_type: 0,
			included_value: null,
			monthly_cost: null,
			call_types: [],
			charges: [],
			...defined,
		} as Bundle);
		return { success: true, id: String(newId) };
	});
}
