import type { IHttpRequestOptions } from 'n8n-workflow';

// The only endpoints the platform serves without a key in the path (spec: Authentication, rule 1).
const KEYLESS_PREFIXES = ['/get-key/', '/password-reset/'];

export function isKeyless(url: string): boolean {
	return KEYLESS_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function trimBaseUrl(baseUrl: string): string {
	return baseUrl.trim().replace(/\/+$/, '');
}

/**
 * The key as the platform knows it: a key pasted with spaces, a tab or a line break around it (from an email, a
 * spreadsheet cell) is the same key. Keys have no spaces of their own at either end.
 */
export function apiKeyOf(credential: { apiKey?: unknown }): string {
	return typeof credential.apiKey === 'string' ? credential.apiKey.trim() : '';
}

/**
 * Builds the request's base address: the platform's base URL, then the encoded key (trimmed, apiKeyOf) as first
 * path segment.
 */
export function withApiKey(
	requestOptions: IHttpRequestOptions,
	baseUrl: string,
	apiKey: string,
): IHttpRequestOptions {
	const base = trimBaseUrl(baseUrl);
	const url = requestOptions.url ?? '';
	requestOptions.baseURL = isKeyless(url)
		? base
		: `${base}/${encodeURIComponent(apiKeyOf({ apiKey }))}`;
	return requestOptions;
}

/** A request path as it may be logged: the portal login puts a username and password in the path. */
export function loggablePath(url: string | undefined): string {
	return (url ?? '').startsWith('/get-key/') ? '/get-key/***' : (url ?? '');
}

/** The portal login endpoint; the portal login credential alone adds the username and password to it. */
export const PORTAL_LOGIN_PATH = '/get-key';

/**
 * Builds a portal login request: the platform's base URL, and the encoded username and password as
 * path segments.
 */
export function withPortalLogin(
	requestOptions: IHttpRequestOptions,
	baseUrl: string,
	username: string,
	password: string,
): IHttpRequestOptions {
	requestOptions.baseURL = trimBaseUrl(baseUrl);
	// Only the bare path: a request authenticated twice (n8n retries some) must not get the segments twice.
	if (requestOptions.url === PORTAL_LOGIN_PATH) {
		requestOptions.url = `${PORTAL_LOGIN_PATH}/${encodeURIComponent(username)}/${encodeURIComponent(password)}`;
	}
	return requestOptions;
}
