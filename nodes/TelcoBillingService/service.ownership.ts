import type { IDataObject } from 'n8n-workflow';
import { pathSegment } from '../shared/input/path';
import type { Request } from '../shared/operation/request';
import type { OperationHooks, Refuse, SendOptions } from '../shared/operation/operations';

/*
 * Whose a bundle is. The spec does not say the platform checks it: serviceBundles/post with another customer's
 * cid moves the bundle and its monthly cost, and a service given another customer's bundle_id is billed in it. So
 * before such a write the bundle is read, and a bundle or a service changes customer only where the operation says
 * so (Service Update's Customer ID moves a service) and never into another customer's bundle.
 */

const NOTHING = 'Nothing was sent to change it.';

type Send = (options: SendOptions) => Promise<unknown>;

function idOf(value: unknown): number | undefined {
	const id = Number(value);
	return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The customer a bundle is, as the platform holds it. */
async function bundleOwner(request: Send, bundle: number): Promise<number | undefined> {
	const url = `/serviceBundles/get/${pathSegment('bundleId', bundle)}`;
	const body = (await request({ method: 'GET', url })) as IDataObject;
	return idOf((body?.serviceBundle as IDataObject | undefined)?.cid);
}

/** The item's customer, by the one identity its every request uses (a body's cid the same way). */
async function customerOf(request: Send, ref: unknown, picked: boolean): Promise<number> {
	return await (request as Request).customer!(ref, picked).cid();
}

async function bundleIsOf(
	request: Send,
	bundle: number,
	cid: number,
	refuse: Refuse,
): Promise<void> {
	const owner = await bundleOwner(request, bundle);
	if (owner !== cid)
		throw refuse(
			`Bundle ${bundle} is customer ${String(owner ?? 'unknown')}’s, not customer ${cid}’s`,
			`A bundle belongs to one customer, and the platform does not check it. ${NOTHING}`,
		);
}

/** Bundle Update: the Customer names the bundle's own customer; the update never moves the bundle. */
export const bundleStaysWithItsCustomer: Pick<OperationHooks, 'beforeRequest'> = {
	beforeRequest: async (request, input, refuse) => {
		const cid = await customerOf(request, input.body.cid, input.picked?.('cid') ?? false);
		await bundleIsOf(request, Number(input.body.id), cid, refuse);
		return {};
	},
};

/** Service Create: a bundle given is the new service's customer's. */
export const serviceInItsCustomersBundle: Pick<OperationHooks, 'beforeRequest'> = {
	beforeRequest: async (request, input, refuse) => {
		const bundle = idOf(input.body.bundle_id);
		if (bundle === undefined) return {};
		const cid = await customerOf(request, input.body.cid, input.picked?.('cid') ?? false);
		await bundleIsOf(request, bundle, cid, refuse);
		return {};
	},
};

/**
 * Service Update: a service moved to another customer (its Customer ID) or given a bundle ends in a bundle of the
 * customer it then has; one moved while in its old customer's bundle, with no new bundle, is refused.
 */
export const serviceMovesWholly: Pick<OperationHooks, 'beforeRequest'> = {
	beforeRequest: async (request, input, refuse) => {
		const moving = input.body.cid !== undefined;
		const bundle = idOf(input.body.bundle_id);
		if (!moving && bundle === undefined) return {};
		const serviceId = String(input.path.serviceId);
		const url = `/services/get/${pathSegment('serviceId', serviceId)}`;
		const current = ((await request({ method: 'GET', url })) as IDataObject)?.serviceType as
			| IDataObject
			| undefined;
		const held = idOf(current?.cid);
		const cid = moving ? await customerOf(request, input.body.cid, false) : held;
		const kept = idOf(current?.bundle_id);
		if (cid === undefined) return {};
		if (bundle !== undefined) await bundleIsOf(request, bundle, cid, refuse);
		else if (kept !== undefined && cid !== held)
			throw refuse(
				`Service ${serviceId} is in bundle ${kept} of customer ${String(held)}; moved to customer ${cid} ` +
					`it would stay in that customer’s bundle: give one of customer ${cid}’s bundles as Bundle ID`,
				`The platform does not check whose bundle a service is in. ${NOTHING}`,
			);
		return {};
	},
};
