import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { apiKeyOf, PORTAL_LOGIN_PATH, trimBaseUrl } from '../platform/apiKey';
import { ignoresSsl, isCertificateCode, untrustedCertificate } from '../platform/certificate';
import { CREDENTIAL_NAMES } from '../transport/transport';
import { NOT_THE_API } from '../platform/failure';
import { hostOf, ssrfBlockOf, ssrfMessage } from '../platform/ssrf';

/**
 * The credential tests of the package, run by n8n's "Test" button through the nodes' `testedBy`.
 * They are functions, not declarative test requests: for a request that gets no answer (nothing listening,
 * unknown host, a Base URL that is not a URL) n8n's declarative tester shows only the raw error code
 * (ECONNREFUSED, ERR_INVALID_URL), and a person cannot act on a code.
 */

const EXAMPLE = 'https://billing.example.com/api';
const TIMEOUT_MS = 20_000;

/** What to tell about one rule of the platform's answers. */
export interface AnswerRule {
	/** The answer's `description` text (lower case) this rule is about. */
	description: string;
	message: string;
}

type Verdict = INodeCredentialTestResult;

const ok = (): Verdict => ({ status: 'OK', message: 'Connection successful!' });
const error = (message: string): Verdict => ({ status: 'Error', message });

/** The Base URL as a person typed it, checked: an address n8n can send to, or the sentence saying why not. */
export function checkBaseUrl(typed: unknown): { base: string } | { problem: string } {
	const base = trimBaseUrl(String(typed ?? ''));
	if (!base)
		return { problem: `The Base URL is empty: enter the platform API's address, e.g. ${EXAMPLE}` };
	let url: URL;
	try {
		url = new URL(base);
	} catch {
		return {
			problem: `The Base URL is not a valid URL: "${base}". Enter the full address with http:// or https://, e.g. ${EXAMPLE}`,
		};
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return {
			problem: `The Base URL must start with http:// or https:// (it starts with ${url.protocol}//), e.g. ${EXAMPLE}`,
		};
	}
	return { base };
}

/** The Base URL as it may be shown: no user or password an address may carry. */
function shown(base: string): string {
	const url = new URL(base);
	url.username = '';
	url.password = '';
	return trimBaseUrl(url.toString());
}

function codeOf(thrown: unknown): string {
	const { code, cause } = (thrown ?? {}) as { code?: unknown; cause?: { code?: unknown } };
	return String(code ?? cause?.code ?? '');
}

/**
 * A sentence for a request that got no HTTP answer at all: what happened and what to check (`credentialName`
 * holds the settings it names).
 */
export function noAnswerMessage(thrown: unknown, base: string, credentialName: string): string {
	const at = shown(base);
	const code = codeOf(thrown);
	const host = new URL(base).host;
	if (code === 'ECONNREFUSED') {
		return `Nothing answers at ${at}: check the Base URL (host and port) and that the platform is running`;
	}
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return `The host "${host}" of the Base URL cannot be found: check its spelling, and that n8n can resolve it (DNS, VPN)`;
	}
	if (
		['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH'].includes(code)
	) {
		return (
			`${at} did not answer within ${TIMEOUT_MS / 1000} seconds: check the Base URL, and that n8n can reach ` +
			'the platform (firewall, VPN, proxy)'
		);
	}
	if (isCertificateCode(code)) return untrustedCertificate(host, credentialName);
	if (code === 'EPROTO' || code === 'ERR_SSL_WRONG_VERSION_NUMBER') {
		return `${at} does not answer HTTPS: check whether the Base URL should start with http:// instead`;
	}
	if (code === 'ECONNRESET' || code === 'EPIPE') {
		return (
			`${at} closed the connection without answering: check the Base URL (http or https, host and port) ` +
			'and that the platform is running'
		);
	}
	return `The platform at ${at} could not be reached: check the Base URL and that the platform is running`;
}

/**
 * Judges an answer whatever its HTTP status: the platform answers with a JSON body carrying `success`;
 * a known refusal gets its own sentence, any other refusal `refusal`, and anything without `success` (a web
 * page, an error page, another service) says the Base URL is not the API.
 */
export function judgeAnswer(body: unknown, rules: AnswerRule[], refusal: string): Verdict {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return error(NOT_THE_API);
	const answer = body as IDataObject;
	if (answer.success === undefined) return error(NOT_THE_API);
	if (answer.success === false || answer.success === 'false') {
		const description = String(answer.description ?? '')
			.trim()
			.toLowerCase();
		return error(rules.find((rule) => rule.description === description)?.message ?? refusal);
	}
	return ok();
}

async function probe(
	context: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
	path: (base: string) => string,
	rules: AnswerRule[],
	refusal: string,
): Promise<Verdict> {
	const data = credential.data ?? {};
	const checked = checkBaseUrl(data.baseUrl);
	if ('problem' in checked) return error(checked.problem);
	const { base } = checked;
	let body: unknown;
	try {
		body = await context.helpers.request({
			method: 'GET',
			uri: path(base),
			headers: { Accept: 'application/json' },
			json: true,
			simple: false,
			timeout: TIMEOUT_MS,
			// The credential's Ignore SSL Issues, as every request through it has it (certificate.ts).
			...(ignoresSsl(data) && { rejectUnauthorized: false }),
		});
	} catch (thrown) {
		// n8n refused to send it (SSRF protection): not a platform that cannot be reached.
		const blocked = ssrfBlockOf(thrown);
		if (blocked) return error(ssrfMessage(blocked, hostOf(base)));
		return error(
			noAnswerMessage(thrown, base, CREDENTIAL_NAMES[credential.type] ?? credential.type),
		);
	}
	return judgeAnswer(typeof body === 'string' ? parsed(body) : body, rules, refusal);
}

function parsed(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

export const API_KEY_RULES: AnswerRule[] = [
	{
		description: 'invalid key',
		message:
			'The platform answered "invalid key": check the API key and that it belongs to this platform',
	},
];

/** The API credential: cdr/status is the smallest read the API has (its size does not grow with the customers). */
export async function telcoBillingApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const key = encodeURIComponent(apiKeyOf(data));
	return await probe(
		this,
		credential,
		(base) => `${base}/${key}/cdr/status`,
		API_KEY_RULES,
		'The platform refused the request: check the Base URL (including its API prefix) and the API key',
	);
}

export const PORTAL_LOGIN_RULES: AnswerRule[] = [
	{
		description: 'invalid username or password',
		message:
			'The platform answered "invalid username or password": check both, and that the portal user is active',
	},
	{
		description: 'user is not allowed on any key',
		message:
			'The login works but no API key allows this user: set alloweduser<username> to yes on the department’s key',
	},
];

/** The portal login credential: the login itself is the test. */
export async function telcoBillingPortalLoginApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted<ICredentialDataDecryptedObject>,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const user = encodeURIComponent(String(data.username ?? ''));
	const password = encodeURIComponent(String(data.password ?? ''));
	return await probe(
		this,
		credential,
		(base) => `${base}${PORTAL_LOGIN_PATH}/${user}/${password}`,
		PORTAL_LOGIN_RULES,
		'The platform refused the login: check the Base URL (including its API prefix), the username and the password',
	);
}

/** The nodes' `methods.credentialTest`, named as their credentials' `testedBy`. */
export const credentialTest = { telcoBillingApiTest, telcoBillingPortalLoginApiTest };
