import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A self-signed certificate for 127.0.0.1, made by openssl for the test run (no key is committed). */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
	const dir = mkdtempSync(join(tmpdir(), 'telco-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
				...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
				...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
			],
			{ stdio: 'ignore' },
		);
		return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
	} catch (error) {
		throw new Error(
			`These tests make a self-signed certificate with openssl, which failed: ${String(error)}`,
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

export interface TlsFront {
	/** https://127.0.0.1:port, answered by the server behind it. */
	url: string;
	close(): Promise<void>;
}

/**
 * HTTPS in front of an HTTP server (the simulator): a development platform with its own certificate. Each
 * request is passed on as it came, and the answer back as it went.
 */
export async function startTlsFront(
	behind: string,
	certificate: { key: Buffer; cert: Buffer },
): Promise<TlsFront> {
	const target = new URL(behind);
	const server = https.createServer(certificate, (request, response) => {
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: request.method,
				path: request.url,
				headers: request.headers,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		upstream.on('error', () => response.destroy());
		request.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `https://127.0.0.1:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
