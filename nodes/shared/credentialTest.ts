import type { IAuthenticateRuleResponseSuccessBody } from 'n8n-workflow';

/**
 * The last rules of every credential test of the package, judging an answer let through whatever its
 * HTTP status (n8n's tester shows only generic text for a thrown HTTP error): a platform refusal, and
 * an answer without the `success` flag the platform always sends — a web page, error page or other service.
 */
export function answerRules(refusal: string): IAuthenticateRuleResponseSuccessBody[] {
	return [
		{ type: 'responseSuccessBody', properties: { key: 'success', value: false, message: refusal } },
		{
			type: 'responseSuccessBody',
			properties: {
				key: 'success',
				value: undefined,
				message:
					'The Base URL answered, but not like the billing platform API (a web page, an ' +
					'error page or another service): check that it is the API address including its ' +
					'API prefix, e.g. https://billing.example.com/api',
			},
		},
	];
}
