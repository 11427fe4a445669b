import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';
import type { Refuse } from '../shared/operation/operations';
import type { RequestInput } from '../shared/input/rules';
import { audience } from './bulkEmail.fields';
import { PREFIX } from './bulkEmail.filterFields';

/*
 * What was counted is what is mailed. A count alone cannot say who: one customer leaving the audience and another
 * joining between the count and the create keep it, and the newcomer, never counted, would be mailed. So Create
 * counts the audience by listing it (the preview lists up to 1,000 recipients), then creates for exactly those
 * customers: `customer_ids` only narrows the filters' selection, never adds to it, so the platform resolves the
 * listed customers still selected, and `confirm_count` refuses the campaign if any of them left. Nobody else can
 * be mailed, and a campaign either reaches everyone counted or is not created.
 */

/** The most recipients one preview lists (spec: `sample_limit` at most 1000). */
const LISTED = 1000;

const NOTHING = 'No campaign was created and nobody was mailed.';

type Request = (options: IHttpRequestOptions) => Promise<unknown>;

/** The audience as Create confirms it: how many, and who. */
export interface Counted {
	count: number;
	customerIds: number[];
}

/** A preview of `body`'s audience listing every recipient it can: its count and the IDs it lists. */
async function preview(request: Request, body: IDataObject, refuse: Refuse) {
	const answer = (await request({
		method: 'POST',
		url: `${PREFIX}/preview`,
		body: { ...body, sample_limit: LISTED },
	})) as IDataObject;
	// The guard is only as good as the count: an answer without a whole count is no count, and nobody is mailed.
	const count = Number(answer.count);
	if (answer.count === null || answer.count === '' || !Number.isInteger(count) || count < 0)
		throw refuse(
			'The platform’s preview gave no recipient count, so the campaign was not created',
			`${NOTHING} The count Create confirms could not be read.`,
		);
	const recipients = Array.isArray(answer.recipients) ? (answer.recipients as IDataObject[]) : [];
	const ids = recipients.map((recipient) => Number(recipient?.cid));
	if (!ids.every((id) => Number.isSafeInteger(id) && id > 0))
		throw refuse(
			'The platform’s preview listed a recipient without a customer ID, so who would be mailed cannot be pinned',
			`${NOTHING} Create mails only the customers it counted, named by their IDs.`,
		);
	return { count, ids, complete: answer.truncated !== true && ids.length === count };
}

/** The IDs an audience may hold: the Customer IDs given, or every active customer of the department. */
async function candidates(request: Request, body: IDataObject): Promise<number[]> {
	if (Array.isArray(body.customer_ids)) return body.customer_ids as number[];
	const answer = (await request({ method: 'GET', url: '/customer/getAll' })) as IDataObject;
	const records = Array.isArray(answer.records) ? (answer.records as IDataObject[]) : [];
	return records.map((record) => Number(record?.cid)).filter((id) => Number.isSafeInteger(id));
}

/**
 * The audience Create is about to mail, counted by who is in it. Up to 1,000 recipients, one preview lists them
 * all. A larger audience is listed by parts: its candidates (the Customer IDs given, or the department's active
 * customers) previewed 1,000 at a time with the same filters, each part listed whole. When the parts do not add up
 * to the count (the audience changed meanwhile, or holds someone the customer list does not), who would be mailed
 * is not known, and nothing is created.
 */
export async function countedAudience(
	request: Request,
	input: RequestInput,
	refuse: Refuse,
): Promise<Counted> {
	const body = audience(input);
	const first = await preview(request, body, refuse);
	if (first.complete) return { count: first.count, customerIds: [...new Set(first.ids)] };
	const pool = [...new Set(await candidates(request, body))];
	const listed = new Set<number>();
	for (let at = 0; at < pool.length; at += LISTED) {
		const part = await preview(
			request,
			{ ...body, customer_ids: pool.slice(at, at + LISTED) },
			refuse,
		);
		if (!part.complete)
			throw refuse(
				`The audience of ${first.count} could not be listed in full, so who would be mailed is not known`,
				`${NOTHING} A part of the audience came back with more recipients than it listed.`,
			);
		for (const id of part.ids) listed.add(id);
	}
	if (listed.size !== first.count)
		throw refuse(
			`The audience was counted at ${first.count} but ${listed.size} recipients were listed, so who would ` +
				'be mailed is not known',
			`${NOTHING} The audience changed while it was listed, or holds customers the platform's customer ` +
				'list does not show. Run it again, or narrow it with Customer IDs.',
		);
	return { count: first.count, customerIds: [...listed] };
}
