/**
 * The keys the simulator's success answers carry beyond what the spec shows, each with why: the one list of
 * them. The conformance guard fails a test on any other key an answer carries that its spec entry does not
 * show (test/conformance/answers.ts). Named `METHOD /path` as the spec's endpoint table writes it.
 */
export const ANSWERS_BEYOND_SPEC: Record<string, { keys: string[]; why: string }> = {
	'GET /{api_key}/services/{id}/calculateETF/{date}': {
		keys: ['success', 'etf_applied'],
		why:
			'etf_applied is the simulator’s (docs/quirks.md, early termination): the fees Apply ETF charged; ' +
			'success as every newer endpoint answers it.',
	},
	'POST /{api_key}/services/calculateMultipleETF/{date}': {
		keys: ['etf_applied'],
		why: 'As for calculateETF.',
	},
	'GET /{api_key}/customer/bulk-email/{id}': {
		keys: ['success', 'description'],
		why: 'The envelope every other bulk email answer shows, around the status record.',
	},
};
