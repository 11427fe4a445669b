import type { IDataObject } from 'n8n-workflow';
import { isBlank } from '../shared/input/rules';
import { customerList } from '../shared/operation/customerSearch';
import type { Request } from '../shared/operation/request';
import { PlatformRequestError } from '../shared/platform/failure';

/*
 * The email each customer holds on the platform, by its ID. The spec gives no read of a customer's fields by ID (its
 * search record carries no cid; its customer list, cid and company only), but Bulk Email's preview, a read that
 * creates nothing, lists its recipients with their cid and email, narrowed to the customer IDs given. Asked once a
 * run for every customer on the customer list, 1,000 at a time (the preview's most), it tells whose an ID is: after
 * a platform reset hands IDs out again, a row copied to another's ID, a duplicate another worker made. It needs
 * the key's bulk email capability; without it the preview is refused and nothing is known this way. A customer
 * without a valid email is no recipient, and is not in it.
 */

// The most recipients a preview lists (the spec's sample_limit maximum).
const PREVIEW_MOST = 1000;

async function recipientsOf(request: Request, cids: number[]): Promise<IDataObject[] | undefined> {
	const answer = (await request({
		method: 'POST',
		url: '/customer/bulk-email/preview',
		body: { customer_ids: cids, sample_limit: Math.min(PREVIEW_MOST, Math.max(1, cids.length)) },
		repeatable: true,
	} as Parameters<Request>[0]).catch((error: unknown) => {
		// capability_denied (and any refusal): the key cannot show emails this way.
		if (error instanceof PlatformRequestError && error.failure.kind === 'refused') return undefined;
		throw error;
	})) as IDataObject | undefined;
	if (answer === undefined) return undefined;
	return Array.isArray(answer.recipients) ? (answer.recipients as IDataObject[]) : [];
}

/** Each listed customer's email by ID, read once a run; undefined where the key cannot read them this way. */
export async function customerEmails(request: Request): Promise<Map<number, string> | undefined> {
	const read = async () => {
		const cids = (await customerList(request))
			.map((customer) => Number(customer.cid))
			.filter((cid) => Number.isSafeInteger(cid) && cid > 0);
		const emails = new Map<number, string>();
		for (let at = 0; at < Math.max(cids.length, 1); at += PREVIEW_MOST) {
			const recipients = await recipientsOf(request, cids.slice(at, at + PREVIEW_MOST));
			if (recipients === undefined) return undefined;
			for (const recipient of recipients)
				if (!isBlank(recipient.email))
					emails.set(Number(recipient.cid), String(recipient.email).trim());
		}
		return emails;
	};
	return request.once ? await request.once('customer emails', read) : await read();
}

/**
 * The email customer `cid` holds, where an answer shows it: from the run's emails, or, for a customer made since
 * the run read its list, a preview narrowed to it. Undefined where the key cannot read emails this way, or the
 * customer is no recipient (without a valid email).
 */
export async function emailOfCustomer(request: Request, cid: number): Promise<string | undefined> {
	const emails = await customerEmails(request);
	if (emails === undefined || emails.has(cid)) return emails?.get(cid);
	const listed = (await customerList(request)).some((customer) => Number(customer.cid) === cid);
	if (listed) return undefined;
	const ask = async () => {
		const mine = (await recipientsOf(request, [cid]))?.find(
			(recipient) => Number(recipient.cid) === cid,
		);
		return isBlank(mine?.email) ? undefined : String(mine?.email).trim();
	};
	return request.once ? await request.once(`email of customer ${cid}`, ask) : await ask();
}

/** Whether this key can read customers' emails (Bulk Email's preview): asked once a run. */
export async function emailsReadable(request: Request): Promise<boolean> {
	return (await customerEmails(request)) !== undefined;
}
