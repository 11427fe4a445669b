import type { FastifyInstance, FastifyRequest } from 'fastify';
import { money } from '../respond';
import type { State } from '../state';

/** One page of a `/get/page/{n}` listing: `{results, page_number, total_pages}`, pages counted from 1. */
export function page<T>(rows: T[], pageParam: string, pageSize: number) {
	const pageNumber = Math.max(1, Number.parseInt(pageParam, 10) || 1);
	return {
		results: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
		page_number: pageNumber,
		total_pages: Math.ceil(rows.length / pageSize),
	};
}

export function registerServiceTypeRoutes(app: FastifyInstance, state: State, pageSize: number): void {
	app.get('/serviceType/get/page/:page', async (request: FastifyRequest<{ Params: { page: string } }>) =>
		page(
			state.serviceTypes.map((type) => ({
				esid: String(type.esid),
				typeofservice: type.typeofservice,
				calls_service: String(type.calls_service),
				list_price: money(type.list_price),
				wholesale_price: money(type.list_price * 0.6),
				reseller_price: money(type.list_price * 0.8),
				reporting_category: type.data_service ? 'Data' : 'Voice',
				ratecode: null,
			})),
			request.params.page,
			pageSize,
		),
	);
}
