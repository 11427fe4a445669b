import { createHmac } from 'crypto';
import type { IDataObject, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { isBlank } from '../input/rules';
import { CustomerIdentity } from '../operation/customerRef';
import type { SendOptions } from '../operation/operations';
import { platformRequest } from '../transport/transport';
import { requestKind } from '../platform/endpointFacts';
import { isObject } from './item';
import type { Item } from './item';

// An item's further requests: sent through the one transport, each customer it names resolved once for all of
// them, and in a Dry Run, every write kept back and said instead.

/** Sends a further request of this item through the operation's credential, judged like every other. */
export function senderFor(item: Item) {
	const send = async (
		{ repeatable, changes, resendLost, ...options }: SendOptions,
		preface?: string,
	) => {
		const method = options.method ?? 'GET';
		// A write is kept back in a Dry Run, whatever its method: the spec's kind of its endpoint says which.
		// A Dry Run sends no write: a further write is not sent, and comes to nothing (the operation says what it
		// would have done, as Create or Update does).
		if (item.preview && (changes === true || requestKind(method, options.url ?? '') === 'write'))
			return undefined;
		return await platformRequest(
			item.context,
			{ ...options, method },
			{
				...item.settings,
				preface,
				resendLost,
				...(repeatable === undefined ? {} : { repeatable }),
			},
		);
	};
	const once = async <T>(key: string, make: () => Promise<T>) =>
		await item.once(key, make, item.settings.aside);
	const customer = (ref: unknown, picked: boolean) => identityOf(item, ref, picked);
	const key = String(item.settings.credentialData?.data?.apiKey ?? '');
	const digest = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
	const platform = String(item.settings.credentialData?.data?.baseUrl ?? '');
	return Object.assign(send, { once, customer, preview: item.preview === true, digest, platform });
}

/** What a Dry Run item says it would send: the request as it would leave, its secret fields masked. */
export function previewOf(item: Item, request: IHttpRequestOptions): INodeExecutionData {
	const secret = new Set(item.op.secretFields ?? []);
	const mask = (body: unknown): unknown =>
		Array.isArray(body)
			? body.map(mask)
			: isObject(body)
				? Object.fromEntries(
						Object.entries(body).map(([key, value]) => [key, secret.has(key) ? '***' : value]),
					)
				: body;
	return {
		json: {
			dryRun: true,
			action: 'wouldSend',
			method: request.method ?? 'GET',
			path: request.url,
			...(request.body === undefined ? {} : { body: mask(request.body) as IDataObject }),
		},
		pairedItem: { item: item.index },
	};
}

/** The item's one identity for a customer reference: made once, whichever request first needs it. */
function identityOf(item: Item, ref: unknown, picked: boolean): CustomerIdentity {
	const given = String(ref ?? '').trim();
	// A picked value is a customer ID from the list; anything else in a picker was typed over it.
	const fromList = picked && /^\d+$/.test(given);
	const key = `${fromList ? 'picked' : 'given'} ${given}`;
	let identity = item.customers.get(key);
	if (!identity) {
		identity = new CustomerIdentity(senderFor(item), given, fromList);
		item.customers.set(key, identity);
	}
	return identity;
}

/** Whether a reference is the Customer field's own value, picked from the customer list. */
function pickedRef(item: Item, ref: unknown): boolean {
	const { input } = item;
	return (
		(input.picked?.('cid') ?? false) &&
		String(ref ?? '').trim() === String(input.param('cid', '') ?? '').trim()
	);
}

/**
 * The customer references an item's request carries: its path's {cid}, and every `cid` of its body (the
 * spec's name for a customer's ID wherever it appears). The Customer field's own value counts as picked when
 * it came from the list.
 */
export function customersOf(item: Item): Array<{ identity: CustomerIdentity; inPath: boolean }> {
	const { op, input } = item;
	const found: Array<{ identity: CustomerIdentity; inPath: boolean }> = [];
	const of = (ref: unknown) => identityOf(item, ref, pickedRef(item, ref));
	if (/\{cid\}/.test(op.path) && !isBlank(input.path.cid))
		found.push({ identity: of(input.path.cid), inPath: true });
	const body = op.method === 'GET' ? undefined : op.sendBody ? op.sendBody(input) : input.body;
	for (const element of Array.isArray(body) ? body : [body])
		if (isObject(element) && !isBlank(element.cid))
			found.push({ identity: of(element.cid), inPath: false });
	return found;
}

/** A body with each `cid` the integer ID of the item's customer it names (CustomerIdentity). */
export async function withCustomerIds(item: Item, body: unknown): Promise<unknown> {
	const resolve = async (element: unknown) =>
		isObject(element) && !isBlank(element.cid)
			? { ...element, cid: await identityOf(item, element.cid, pickedRef(item, element.cid)).cid() }
			: element;
	if (!Array.isArray(body)) return await resolve(body);
	const resolved: unknown[] = [];
	for (const element of body) resolved.push(await resolve(element));
	return resolved;
}

/** The path's {cid} as the item's customer identity carries it (CustomerIdentity.pathRef); none without one. */
export async function customerPathRef(item: Item): Promise<string | undefined> {
	const { op, input } = item;
	if (!/\{cid\}/.test(op.path) || isBlank(input.path.cid)) return undefined;
	const [inPath] = customersOf(item).filter((found) => found.inPath);
	return await inPath.identity.pathRef();
}
