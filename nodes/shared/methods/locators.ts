import type {
	IDataObject,
	IHttpRequestOptions,
	INodeListSearchItems,
	INodeListSearchResult,
	INodeProperties,
} from 'n8n-workflow';
import type { RequestInput } from '../input/rules';
import { PlatformRequestError, RefusedAnswer } from '../platform/failure';
import type { Operation } from '../operation/operations';
import { pathSegment } from '../input/path';

/** Sends one more request through the operation's credential (an Operation's `send` gets one). */
type Request = (options: IHttpRequestOptions) => Promise<unknown>;

/** A customer picked by searching, or typed as id / account_id / crm_id. */
export function customerLocator(overrides: Partial<INodeProperties> = {}): INodeProperties {
	return {
		displayName: 'Customer',
		name: 'cid',
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description:
			'The customer: pick one by company, name or email, or give its ID, account_id or crm_id',
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
					'The customer ID, account_id or crm_id. Where the platform wants the ID in the ' +
					'request body, the platform is asked first which customer it is.',
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

/**
 * The integer customer id a request BODY needs: the spec accepts an account_id or crm_id only where
 * {cid} is in the path. Every reference, digits included, is resolved through customer/balance/{cid},
 * a read the spec documents to answer with the customer's cid: digits may be another customer's
 * account_id or crm_id, and only the platform knows which customer a path would reach. An unknown one
 * fails there, with the platform's "no customer found", before the write is sent.
 */
export async function customerIdFor(request: Request, ref: unknown): Promise<number> {
	const text = String(ref ?? '').trim();
	const body = (await request({
		method: 'GET',
		url: `/customer/balance/${pathSegment('cid', text)}`,
		body: undefined,
		qs: {},
	}).catch((error: unknown) => {
		// The platform's "no customer found" names no customer; the reference is what the user can check.
		if (error instanceof PlatformRequestError) error.failure.subject ??= `customer ${text}`;
		throw error;
	})) as IDataObject;
	const cid = Number(body?.cid);
	if (!Number.isInteger(cid) || cid <= 0)
		throw new RefusedAnswer({ message: `The platform gave no customer ID for ${text}` });
	return cid;
}

/** The body with its `cid`, when given, replaced by the integer customer id. */
export async function withCustomerId(request: Request, body: IDataObject): Promise<IDataObject> {
	if (body.cid === undefined || body.cid === null || String(body.cid).trim() === '') return body;
	return { ...body, cid: await customerIdFor(request, body.cid) };
}

/**
 * For an operation whose body carries a customer: the customer ids are resolved first (one request per
 * reference that is not already an id), and the body is sent with them.
 */
export function withCustomerIds(
	bodyOf: (input: RequestInput) => IDataObject | IDataObject[] = (input) => input.body,
): Pick<Operation, 'beforeRequest' | 'sendBody'> {
	return {
		beforeRequest: async (request, input) => {
			const body = bodyOf(input);
			if (!Array.isArray(body)) return { body: await withCustomerId(request, body) };
			const resolved: IDataObject[] = [];
			for (const element of body) resolved.push(await withCustomerId(request, element));
			return { body: resolved };
		},
		sendBody: (input, before) => before?.body ?? bodyOf(input),
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
	const all = ((await get('/customer/getAll')).records as IDataObject[] | undefined) ?? [];
	const text = (filter ?? '').trim();
	// The platform searches 3 characters or more; shorter, the first 100 customers.
	if (text.length < 3) return { results: all.slice(0, 100).map(customerItem) };
	const found = new Map<string, INodeListSearchItems>();
	const add = (item: INodeListSearchItems) => {
		if (!found.has(String(item.value))) found.set(String(item.value), item);
	};
	for (const field of ['company', 'name', 'surname', 'email']) {
		const body = await get(`/customer/search/${field}/${pathSegment('value', text)}`);
		for (const record of (body.records as IDataObject[] | undefined) ?? []) {
			if (record.cid !== undefined && record.cid !== null && record.cid !== '') {
				add(customerItem(record));
				continue;
			}
			const same = all.filter((customer) => customer.company === record.company);
			if (same.length === 1) add(customerItem({ ...record, cid: same[0].cid }));
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
