import type { IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

/**
 * The credentials' Ignore SSL Issues, in the words and name n8n's own credentials use for it. Off by default;
 * on, the platform's HTTPS certificate is not checked (a development platform with a certificate of its own).
 */
export const ignoreSslField: INodeProperties = {
	displayName: 'Ignore SSL Issues (Insecure)',
	name: 'allowUnauthorizedCerts',
	type: 'boolean',
	default: false,
	description: 'Whether to connect even if SSL certificate validation is not possible',
	hint:
		'The platform’s HTTPS certificate is then not checked (self-signed, expired or for another name). Only for a ' +
		'platform you trust, such as a development platform: anyone between n8n and it could read the key.',
};

/** Whether a credential's data asks for the certificate to go unchecked. */
export function ignoresSsl(credential: { allowUnauthorizedCerts?: unknown }): boolean {
	return credential.allowUnauthorizedCerts === true;
}

/** A request as it leaves through a credential: its certificate unchecked when the credential says so. */
export function withCertificatePolicy(
	requestOptions: IHttpRequestOptions,
	credential: { allowUnauthorizedCerts?: unknown },
): IHttpRequestOptions {
	if (ignoresSsl(credential)) requestOptions.skipSslCertificateValidation = true;
	return requestOptions;
}

/** Node's codes for a certificate TLS would not accept. */
const CERTIFICATE_CODES = [
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'UNABLE_TO_GET_ISSUER_CERT',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'CERT_UNTRUSTED',
	'CERT_REJECTED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
];

export function isCertificateCode(code: unknown): boolean {
	return typeof code === 'string' && CERTIFICATE_CODES.includes(code);
}

/** One sentence for a certificate n8n would not trust: whose, why that may be, and the two ways out. */
export function untrustedCertificate(host: string, credentialName: string): string {
	return (
		`The HTTPS certificate of ${host} is not trusted by n8n (self-signed, expired or for another name): ` +
		`have it fixed or trusted, or, for a platform you trust such as a development platform, turn on Ignore ` +
		`SSL Issues (Insecure) in the ${credentialName} credential`
	);
}
