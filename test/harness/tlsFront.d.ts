/** A self-signed certificate for 127.0.0.1, made by openssl for the test run. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer };

export interface TlsFront {
	/** https://127.0.0.1:port, answered by the server behind it. */
	url: string;
	close(): Promise<void>;
}

/** HTTPS with `certificate` in front of the HTTP server at `behind` (the simulator). */
export function startTlsFront(
	behind: string,
	certificate: { key: Buffer; cert: Buffer },
): Promise<TlsFront>;
