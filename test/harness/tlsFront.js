// HTTPS in front of an HTTP server (the simulator), with a self-signed certificate for localhost made by openssl
// for the test run (no key is committed): a development platform with a certificate of its own. Addressed by name,
// as a platform is: Node.js warns (DEP0123) when a TLS connection is made to an IP address.
const { execFileSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const https = require('node:https');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { passOn } = require('./passOn');

function selfSignedCertificate() {
	const dir = mkdtempSync(join(tmpdir(), 'telco-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2'],
				...['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
				...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'],
			],
			{ stdio: 'ignore' },
		);
		return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
	} catch (error) {
		throw new Error(
			`These tests make a self-signed certificate with openssl (Debian: apt-get install openssl): ${String(error)}`,
		);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Each request passed on to `behind` as it came, and the answer back as it went. */
async function startTlsFront(behind, certificate) {
	const target = new URL(behind);
	const server = https.createServer(certificate, (request, response) =>
		passOn(request, response, { host: target.hostname, port: target.port, path: request.url }),
	);
	await new Promise((resolve) => server.listen(0, 'localhost', resolve));
	const { port } = server.address();
	return {
		url: `https://localhost:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { selfSignedCertificate, startTlsFront };
