import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';
import { walkPages } from '../transport/pager';
import { callTypeOptions } from './callTypes';
import { findCustomers } from './locators';
import { platformRequest } from '../transport/transport';
import { pathSegment } from '../input/path';
import { shownList } from '../output/output';

// Dropdowns list at most this many pages, so a huge catalogue cannot stall the editor.
const MAX_DROPDOWN_PAGES = 50;

/** Every record of a `/get/page/{n}` listing (at most MAX_DROPDOWN_PAGES pages), through the one pager. */
export async function allPages(
	context: ILoadOptionsFunctions,
	path: string,
): Promise<IDataObject[]> {
	return await walkPages(
		async (page) => {
			const body = (await platformRequest(context, {
				method: 'GET',
				url: path.replace('{page}', String(page)),
			})) as IDataObject;
			return { body, rows: shownList(body, 'results') };
		},
		{ maxPages: MAX_DROPDOWN_PAGES },
	);
}

/** A dropdown loader over a paged listing: option name and value read from each record, sorted by name. */
export function pagedOptions(path: string, name: (row: IDataObject) => string, value: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const rows = await allPages(this, path);
		return rows
			.map((row) => ({ name: name(row), value: Number(row[value]) || String(row[value]) }))
			.sort((a, b) => a.name.localeCompare(b.name));
	};
}

export const loadOptions = {
	getServiceTypes: pagedOptions(
		'/serviceType/get/page/{page}',
		(r) => `${r.typeofservice} (${r.esid})`,
		'esid',
	),
	getCallRateCards: pagedOptions('/callRates/get/page/{page}', (r) => `${r.name} (${r.id})`, 'id'),
	getProducts: pagedOptions(
		'/products/get/page/{page}',
		(r) => `${r.title} — ${r.partnumber} (${r.pid})`,
		'pid',
	),
	getPriceBooks: pagedOptions('/priceBooks/get/page/{page}', (r) => `${r.name} (${r.id})`, 'id'),

	/** Call types from documented paths only (see callTypes.ts: the spec gives no listing of their own). */
	async getCallTypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return await callTypeOptions(
			async (url) => (await platformRequest(this, { method: 'GET', url })) as IDataObject,
		);
	},

	/** CDR sources of the key's department, from cdr/status. */
	async getCdrSources(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const body = (await platformRequest(this, {
			method: 'GET',
			url: '/cdr/status',
		})) as IDataObject;
		return shownList(body, 'data').map((row) => ({
			name: String(row.source),
			value: String(row.source),
		}));
	},

	/** Bulk email filter fields, from the platform (department-specific). */
	async getFilterFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const body = (await platformRequest(this, {
			method: 'GET',
			url: '/customer/bulk-email/filters',
		})) as IDataObject;
		return shownList(body, 'fields').map((f) => ({
			name: `${f.label} (${f.type})`,
			value: String(f.key),
		}));
	},

	/** The options of the select field chosen in the same filter row; text and number fields have none. */
	async getFilterValues(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const field = this.getCurrentNodeParameter('&field') as string | undefined;
		// A text or number field has no options: its one entry says so, and being the parameter's
		// default it raises no "value not supported" issue in the editor.
		const useValue = [{ name: 'None: Fill in Value Below', value: '' }];
		if (!field) return useValue;
		const body = (await platformRequest(this, {
			method: 'GET',
			url: '/customer/bulk-email/filters',
		})) as IDataObject;
		const chosen = shownList(body, 'fields').find((f) => f.key === field);
		const options = Array.isArray(chosen?.options) ? (chosen.options as IDataObject[]) : [];
		if (options.length === 0) return useValue;
		return options.map((o) => ({ name: String(o.label ?? o.key), value: String(o.key ?? '') }));
	},

	/** Bundles of the customer chosen in the same node. */
	async getCustomerBundles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		const cid = this.getCurrentNodeParameter('cid', { extractValue: true }) as string | undefined;
		if (!cid) return [];
		const body = (await platformRequest(this, {
			method: 'GET',
			url: `/serviceBundles/getByCustomer/${pathSegment('cid', cid)}`,
		})) as IDataObject;
		return shownList(body, 'serviceBundles').map((b) => ({
			name: `${b.name} (${b.id})`,
			value: Number(b.id),
		}));
	},
};

export const listSearch = {
	/** Customers by company, name or email (see findCustomers); without a filter, the first 100. */
	async searchCustomers(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		return await findCustomers(
			async (url) => (await platformRequest(this, { method: 'GET', url })) as IDataObject,
			filter,
		);
	},

	/** Services whose number or billing name contains the filter. */
	async searchServices(
		this: ILoadOptionsFunctions,
		filter?: string,
	): Promise<INodeListSearchResult> {
		const text = (filter ?? '').trim();
		const criteria = text
			? [{ field: 'service_num', operator: 'like', value: text }]
			: [{ field: 'id', operator: '>', value: '0' }];
		const body = (await platformRequest(this, {
			method: 'POST',
			url: '/services/search',
			body: criteria as unknown as IDataObject,
		})) as IDataObject;
		const records = shownList(body, 'records').slice(0, 200);
		return {
			results: records.map((s) => ({
				name: `${s.service_num} — ${s.billing_name} (${s.id})`,
				value: String(s.id),
			})),
		};
	},
};
