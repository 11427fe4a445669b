import type { IDataObject, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import type { Notes, SendOptions } from '../shared/operation/operations';
import { findFailure } from '../shared/platform/envelope';
import { RecordFailures } from '../shared/output/output';
import type { RecordOutcome } from '../shared/output/output';
import { PlatformRequestError, RefusedAnswer } from '../shared/platform/failure';
import { fillPath } from '../shared/input/path';
import { splitList } from '../shared/input/rules';
import type { RequestInput, Rule } from '../shared/input/rules';

// Early termination fees: a service's fee charged at most once a node run, and every outcome named.

export const ETF_NUMBERS = ['amount_remaining', 'etf', 'etf_applied', 'enid'];

export const serviceIdsField: INodeProperties = {
	displayName: 'Service IDs',
	name: 'serviceIds',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 20001, 20002',
	description: 'Service IDs (enid) separated by commas, or an expression giving an array of IDs',
};

export function serviceIds(input: RequestInput): number[] {
	return splitList(input.param('serviceIds', '')).map(Number);
}

export type ServiceId = number | string;

/** A service id as given: digits as the number, anything else as its trimmed text. */
function serviceIdOf(value: unknown): ServiceId {
	const text = String(value ?? '').trim();
	return /^\d+$/.test(text) ? Number(text) : text;
}

export const etfKey = (id: ServiceId) => `etf ${serviceIdOf(id)}`;

const listedAgain = (id: ServiceId, by: unknown): RecordOutcome => ({
	json: {
		enid: id,
		repeat: true,
		description: `Listed again: the fee for enid ${id} was applied once, by item ${String(by)}`,
	},
});

/** A service an earlier item of the run charged, or may have charged: not sent again. */
function earlierOutcome(id: ServiceId, notes: Notes): RecordOutcome | undefined {
	const earlier = notes.about(etfKey(id));
	if (earlier.appliedBy !== undefined) return listedAgain(id, earlier.appliedBy);
	if (earlier.unknownBy === undefined) return undefined;
	const message =
		`The fee for enid ${id} may have been applied by item ${String(earlier.unknownBy)}, whose ` +
		'request failed without an answer; it was not sent again';
	return { json: { enid: id }, failure: { message } };
}

/** A note that this item's request may have charged these services: later listings do not risk it. */
function noteUnknown(error: unknown, ids: ServiceId[], notes: Notes): void {
	if (error instanceof PlatformRequestError && error.failure.uncertain)
		for (const id of ids) notes.about(etfKey(id)).unknownBy = notes.item;
}

/** Apply ETF for one service: charged at most once per node run, like Apply ETF for Many. */
export async function applyFee(
	request: (options: SendOptions) => Promise<unknown>,
	input: RequestInput,
	notes: Notes,
): Promise<unknown> {
	const id = serviceIdOf(input.path.serviceId);
	const earlier = earlierOutcome(id, notes);
	if (earlier?.failure) throw new RefusedAnswer(earlier.failure, 'inconclusive');
	if (earlier) return earlier.json;
	const url = fillPath('/services/{serviceId}/doETF/{date?}', input.path);
	const answer = await request({ method: 'GET', url, repeatable: false }).catch(
		(error: unknown) => {
			noteUnknown(error, [id], notes);
			throw error;
		},
	);
	notes.about(etfKey(id)).appliedBy = notes.item;
	return answer;
}

/**
 * doMultipleETF's results by the service each names (`enid`): the spec does not promise the answer keeps
 * the request's order. An answer that does not name each service sent exactly once is a reason: which
 * fees were charged cannot then be told.
 */
function resultsByEnid(answers: unknown, send: ServiceId[]): Map<string, IDataObject> | string {
	if (!Array.isArray(answers))
		return 'The platform answered Apply ETF for Many with no list of results';
	const sent = new Set(send.map(String));
	const byEnid = new Map<string, IDataObject>();
	for (const result of answers as IDataObject[]) {
		const enid = String(result?.enid ?? '').trim();
		if (!sent.has(enid))
			return `The platform answered Apply ETF for Many with a result for enid ${enid || '(none)'}, which was not sent`;
		if (byEnid.has(enid))
			return `The platform answered Apply ETF for Many with two results for enid ${enid}`;
		byEnid.set(enid, result);
	}
	const missing = send.find((id) => !byEnid.has(String(id)));
	return missing === undefined
		? byEnid
		: `The platform answered Apply ETF for Many without a result for enid ${missing}`;
}

/**
 * A fee is charged at most once per service in a node run: a service listed again (in the same item or a
 * later one) is not sent, and its entry says which item charged it; where an earlier item's request may
 * or may not have reached the platform, the entry fails rather than risk charging twice. doMultipleETF
 * charges each service it can: when some fail, the error names the services charged as well as those
 * that were not, so a re-run does not charge the first ones twice. Under Continue On Fail each service
 * is its own item (charged, a repeat, or an error item naming it).
 */
export async function applyFees(
	request: (options: IHttpRequestOptions) => Promise<unknown>,
	input: RequestInput,
	notes: Notes,
): Promise<unknown> {
	const listed = serviceIds(input);
	const earlier = listed.map((id) => earlierOutcome(id, notes));
	const send = [...new Set(listed.filter((_, at) => !earlier[at]))];
	let answers: unknown = [];
	if (send.length) {
		const url = fillPath('/services/doMultipleETF/{date?}', input.path);
		answers = await request({ method: 'POST', url, body: send }).catch((error: unknown) => {
			noteUnknown(error, send, notes);
			throw error;
		});
	}
	const results = resultsByEnid(answers, send);
	if (typeof results === 'string') {
		for (const id of send) notes.about(etfKey(id)).unknownBy = notes.item;
		throw new RefusedAnswer({ message: results }, 'unmatched');
	}
	const answered = new Map<ServiceId, RecordOutcome>();
	for (const id of send) {
		const json = results.get(String(id))!;
		const failure = findFailure(json);
		if (!failure) notes.about(etfKey(id)).appliedBy = notes.item;
		answered.set(id, { json: { ...json, enid: Number(json.enid) }, failure });
	}
	const seen = new Set<number>();
	const outcomes = listed.map((id, at): RecordOutcome => {
		const first = earlier[at] ?? answered.get(id)!;
		const again = !earlier[at] && seen.has(id);
		seen.add(id);
		return again && !first.failure ? listedAgain(id, notes.item) : first;
	});
	const failed = [...new Set(outcomes.filter((o) => o.failure).map((o) => String(o.json.enid)))];
	if (failed.length === 0) return outcomes.map((o) => o.json);
	const applied = [...answered.values()].filter((o) => !o.failure).map((o) => String(o.json.enid));
	const note =
		(applied.length
			? `the fee was applied to enid ${applied.join(', ')}; `
			: 'no fee was applied; ') +
		`not applied to enid ${failed.join(', ')}: run again only for those`;
	throw new RecordFailures(outcomes.map((o) => (o.failure ? { ...o, note } : o)));
}

export const serviceIdsRule: Rule = (input) => {
	const ids = serviceIds(input);
	if (ids.length === 0) return 'Service IDs (serviceIds) must list at least one service ID';
	return ids.every((id) => Number.isInteger(id) && id > 0)
		? undefined
		: 'Service IDs (serviceIds) must be whole numbers';
};
