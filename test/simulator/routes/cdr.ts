import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deptOf, fail } from '../respond';
import { requiredOf } from '../requestSchemas';
import type { Cdr } from '../rating';
import type { State } from '../state';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: unknown }>;

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const NO_SOURCE = fail('cdr_source is not set for this key');
const REQUIRED = requiredOf('POST /{api_key}/cdr/add');

/**
 * The spec's numeric CDR fields (duration, billsec: integer; cost: decimal; privacy_flag: 0/1), refused
 * per record when sent as text unless the `looseTypes` extra is on.
 */
function typeError(r: Record<string, unknown>): string | undefined {
	for (const field of ['duration', 'billsec'])
		if (r[field] !== undefined && !Number.isInteger(r[field])) return `${field} must be an integer`;
	if (
		r.cost !== undefined &&
		r.cost !== null &&
		!(typeof r.cost === 'number' && Number.isFinite(r.cost))
	)
		return 'cost must be a number';
	if (r.privacy_flag !== undefined && r.privacy_flag !== 0 && r.privacy_flag !== 1)
		return 'privacy_flag must be 0 or 1';
	return undefined;
}

/** Checks one incoming CDR; returns the reason it is refused, or the record to store. */
function readCdr(
	input: unknown,
	looseTypes: boolean,
): { error: string } | { cdr: Omit<Cdr, 'id' | 'source' | 'deptid'> } {
	if (!input || typeof input !== 'object' || Array.isArray(input))
		return { error: 'CDR must be an object' };
	const r = input as Record<string, unknown>;
	const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
	for (const field of REQUIRED) {
		if (text(r[field]).trim() === '') return { error: `${field} is required` };
	}
	const wrongType = looseTypes ? undefined : typeError(r);
	if (wrongType) return { error: wrongType };
	if (!DATETIME.test(text(r.startdate))) return { error: 'startdate must be YYYY-MM-DD HH:MM:SS' };
	if (
		r.enddate !== undefined &&
		r.enddate !== null &&
		r.enddate !== '' &&
		!DATETIME.test(text(r.enddate))
	)
		return { error: 'enddate must be YYYY-MM-DD HH:MM:SS' };
	if (r.direction !== 'inbound' && r.direction !== 'outbound')
		return { error: 'direction must be inbound or outbound' };
	const duration = Number(r.duration ?? 0);
	const billsec = Number(r.billsec ?? r.duration ?? 0);
	if (!Number.isFinite(duration) || !Number.isFinite(billsec))
		return { error: 'duration and billsec must be numbers' };
	return {
		cdr: {
			orig_id: text(r.orig_id),
			startdate: text(r.startdate),
			enddate: r.enddate ? text(r.enddate) : null,
			accountcode: text(r.accountcode),
			callerid: text(r.callerid),
			did: text(r.did),
			direction: r.direction,
			destination: text(r.destination),
			destination_info: text(r.destination_info),
			application: text(r.application),
			duration,
			billsec,
			cost: r.cost === undefined || r.cost === null || r.cost === '' ? null : Number(r.cost),
			disposition: text(r.disposition) || 'ANSWERED',
			privacy_flag: Number(r.privacy_flag) === 1 ? 1 : 0,
		},
	};
}

export function registerCdrRoutes(app: FastifyInstance, state: State): void {
	const sourceOf = (request: Req) => request.apiKey.data.cdr_source;

	const addOne = (request: Req, input: unknown) => {
		const read = readCdr(input, state.extras.has('looseTypes'));
		const yourid =
			input && typeof input === 'object'
				? ((input as Record<string, unknown>).orig_id ?? null)
				: null;
		if ('error' in read) return { success: false, yourid, description: read.error };
		const stored = state.cdrs.insert(sourceOf(request)!, deptOf(request), read.cdr);
		if (!stored) return { success: false, yourid, description: 'CDR ID already exists' };
		return { success: true, yourid, id: String(stored.id) };
	};

	app.post('/cdr/add', async (request: Req) => {
		if (!sourceOf(request)) return NO_SOURCE;
		const result = addOne(request, request.body);
		state.cdrs.afterImport();
		return result;
	});

	app.post('/cdr/multiple/add', async (request: Req) => {
		if (!sourceOf(request)) return NO_SOURCE;
		if (!Array.isArray(request.body)) return fail('body must be an array of CDRs');
		const results = request.body.map((input) => addOne(request, input));
		state.cdrs.afterImport();
		return results;
	});

	const latest = (request: Req, kind: 'imported' | 'rated') => ({
		success: true,
		// A source with nothing imported (or rated) yet has no latest date to show.
		data: state.cdrs
			.sources(deptOf(request))
			.map((s) => ({
				source: s.source,
				latest_date: kind === 'imported' ? s.latestImported : s.latestRated,
			}))
			.filter((s) => s.latest_date !== ''),
	});
	app.get('/cdr/status', async (request: Req) => latest(request, 'imported'));
	app.get('/cdr/ratingStatus', async (request: Req) => latest(request, 'rated'));

	const priceRecord = (id: string) => {
		const billed = state.cdrs.billed.get(id);
		return billed
			? {
					id: billed.id,
					ratecode: billed.ratecode,
					rate_name: billed.rate_name,
					price: billed.price,
				}
			: undefined;
	};

	app.get('/cdr/getPrice/:id', async (request: Req) => {
		const billed = state.cdrs.billed.get(request.params.id);
		if (!billed || billed.deptid !== deptOf(request)) return fail('no billed call found');
		return { success: true, data: priceRecord(billed.id) };
	});

	app.post('/cdr/getMultiplePrice', async (request: Req) => {
		const source = sourceOf(request);
		if (!source) return NO_SOURCE;
		if (!Array.isArray(request.body)) return fail('body must be an array of billed call ids');
		const data: unknown[] = [];
		const failures: unknown[] = [];
		for (const id of request.body) {
			const billed = state.cdrs.billed.get(String(id));
			if (billed && billed.source === source) data.push(priceRecord(billed.id));
			else failures.push(id);
		}
		if (data.length === 0) return { success: false, description: 'no billed call found', failures };
		return { success: true, data, failures };
	});

	const exports = (request: Req, includeInactive: boolean) => ({
		success: true,
		data: state.cdrExports
			.filter((e) => e.deptid === deptOf(request) && (includeInactive || e.active))
			.map((e) => ({
				cid: String(e.cid),
				company: e.company,
				frequency: e.frequency,
				path: e.path,
				format: e.format,
				lastRun: e.lastRun,
				nextRun: e.active ? e.nextRun : null,
			})),
	});
	app.get('/cdr/exports', async (request: Req) => exports(request, false));
	app.get('/cdr/exports/include_inactive', async (request: Req) => exports(request, true));
}
