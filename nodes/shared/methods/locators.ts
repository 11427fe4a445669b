import type {
	IDataObject,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';
import { pathSegment } from '../input/path';
import { shownList } from '../output/output';
import { CUSTOMER_FORMS } from '../operation/customerRef';
import { sameName } from '../operation/customerText';
import { isRefusal } from '../platform/failure';

export { customerIdFor } from '../operation/customerRef';

/** A customer picked by searching, or typed as id / account_id / crm_id / a unique name. */
export function customerLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Customer',
		name: 'cid',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		// The editor's tooltip. A model gets it only through a $fromAI description (docs/ai-and-mcp.md).
		description: `The customer: pick one from the list, or give ${CUSTOMER_FORMS}`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Search by company, name or email…',
				typeOptions: {
					searchListMethod: 'searchCustomers',
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1042, ACC-1-0042 or a CRM ID',
				hint:
					'The customer ID, account_id or crm_id, or a company or person name that only one ' +
					'customer has. Anything but an ID is looked up first, before anything is written.',
			},
		],
		...overrides,
	};
}

/** A service picked by searching its number, or typed as its id. */
export function serviceLocator(
	name = 'serviceId',
	overrides: Partial<INodeProperties> = {},
): INodeProperties {
	return {
		displayName: 'Service',
		name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: 'The service: pick one by its number, or give its ID (enid)',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Search by service number…',
				typeOptions: { searchListMethod: 'searchServices', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 20001',
				validation: [
					{
						type: 'regex',
						properties: { regex: '^\\d+$', errorMessage: 'A service ID is a whole number' },
					},
				],
			},
		],
		...overrides,
	};
}

function customerItem(record: IDataObject): INodeListSearchItems {
	const person = [record.name, record.surname].filter(Boolean).join(' ');
	const company = [
		record.company,
		record.trading_name && record.trading_name !== record.company
			? `(${String(record.trading_name)})`
			: '',
	]
		.filter(Boolean)
		.join(' ');
	const label = [company, person && person !== record.company ? person : '', record.email]
		.filter(Boolean)
		.join(' · ');
	return { name: `${label || 'Customer'} (${String(record.cid)})`, value: String(record.cid) };
}

/**
 * The customer picker's list. Only getAll records promise a cid (the spec's search record lists none),
 * so ids come from there: getAll's company and trading name are matched here, and a search hit by
 * company, name, surname or email without a cid of its own is matched to getAll by its company, and
 * shown with its person and email only when that match is unique.
 */
export async function findCustomers(
	get: (url: string) => Promise<IDataObject>,
	filter?: string,
): Promise<INodeListSearchResult> {
	const all = shownList(await get('/customer/getAll'), 'records');
	const text = (filter ?? '').trim();
	// The platform searches 3 characters or more; shorter, the first 100 customers.
	if (text.length < 3) return { results: all.slice(0, 100).map(customerItem) };
	const found = new Map<string, INodeListSearchItems>();
	const counted = new Map<string, Promise<number>>();
	// How many customers the platform's search finds with exactly this company (once a company).
	const sharing = async (company: string) => {
		if (!counted.has(company))
			counted.set(
				company,
				get(`/customer/search/company/${pathSegment('company', company)}`).then(
					(body) => shownList(body, 'records').filter((r) => sameName(r.company, company)).length,
					() => 0,
				),
			);
		return await (counted.get(company) as Promise<number>);
	};
	const add = (item: INodeListSearchItems) => {
		if (!found.has(String(item.value))) found.set(String(item.value), item);
	};
	for (const field of ['company', 'name', 'surname', 'email']) {
		// A search finding nobody may answer "no customer found" (the spec shows neither form): no one.
		const body = await get(`/customer/search/${field}/${pathSegment('value', text)}`).catch(
			(error: unknown) => {
				if (isRefusal(error, { message: 'no customer found' }))
					return { records: [] } as IDataObject;
				throw error;
			},
		);
		for (const record of shownList(body, 'records')) {
			if (record.cid !== undefined && record.cid !== null && record.cid !== '') {
				add(customerItem(record));
				continue;
			}
			// The person is shown under a listed customer's ID only when no other customer, listed or not (an
			// inactive one), has the company: the same proof a write needs (customerOfRecord).
			const same = all.filter((customer) => sameName(customer.company, record.company));
			const alone = same.length === 1 && (await sharing(String(record.company))) === 1;
			if (alone) add(customerItem({ ...record, cid: same[0].cid }));
			else same.forEach((customer) => add(customerItem(customer)));
		}
	}
	const needle = text.toLowerCase();
	for (const customer of all) {
		if (
			[customer.company, customer.trading_name].some((value) =>
				String(value ?? '')
					.toLowerCase()
					.includes(needle),
			)
		)
			add(customerItem(customer));
	}
	return { results: [...found.values()] };
}
