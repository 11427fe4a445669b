import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deptOf } from '../respond';
import { runReport } from '../reports';
import { spellAmounts } from '../reports/amounts';
import type { State } from '../state';

type Req = FastifyRequest<{ Body: Record<string, unknown> }>;

export function registerReportRoutes(app: FastifyInstance, state: State): void {
	// The report rows spell the flag `succes`, as the spec's samples do.
	app.post('/report', async (request: Req) => {
		const body = request.body ?? {};
		// A platform that will not run reports for now (a bill run in progress): the test sets the words.
		if (state.reportRefusal) return { succes: false, message: state.reportRefusal };
		if (typeof body.report !== 'string' || body.report === '')
			return { succes: false, message: 'report is required' };
		if (!body.report_options || typeof body.report_options !== 'object')
			return { succes: false, message: 'report_options is required' };
		const result = runReport(
			state,
			deptOf(request),
			body.report,
			body.report_options as Record<string, unknown>,
		);
		// Money spelt as the platform drawn spells it (trait `reportAmounts`).
		return 'error' in result
			? { succes: false, message: result.error }
			: { succes: true, data: spellAmounts(body.report, result.rows, state.traits.reportAmounts) };
	});
}
