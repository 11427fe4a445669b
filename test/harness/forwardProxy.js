// Plain JavaScript: the lint's shipped-code rules (no `process`, no node: imports) apply to every .ts file.
// A forward proxy on 127.0.0.1, as a company's egress proxy: plain HTTP requests in absolute form are passed on,
// HTTPS is tunnelled (CONNECT). Every request it is given is counted, so a test can tell that n8n used it.
const http = require('node:http');
const net = require('node:net');
const { passOn } = require('./passOn');

async function startForwardProxy() {
	const seen = [];
	const sockets = new Set();
	const server = http.createServer((request, response) => {
		seen.push({ method: request.method, url: request.url });
		const target = new URL(request.url);
		passOn(request, response, {
			host: target.hostname,
			port: target.port,
			path: `${target.pathname}${target.search}`,
		});
	});
	server.on('connect', (request, client, head) => {
		seen.push({ method: 'CONNECT', url: request.url });
		const [host, port] = request.url.split(':');
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('error', () => socket.destroy());
			socket.on('close', () => sockets.delete(socket));
		}
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			server.closeAllConnections();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

// What n8n's HTTP helper reads for every request (proxy-from-env), in both spellings.
const PROXY_SETTINGS = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'NO_PROXY'];

/** Sets the proxy environment to `values` (every one not given unset, either spelling); returns what it was. */
function setProxyEnvironment(values) {
	const before = {};
	for (const name of PROXY_SETTINGS) {
		for (const spelling of [name, name.toLowerCase()]) {
			before[spelling] = process.env[spelling];
			delete process.env[spelling];
		}
		if (values[name] !== undefined) process.env[name] = values[name];
	}
	return before;
}

/** Puts back what setProxyEnvironment returned. */
function restoreProxyEnvironment(before) {
	for (const [name, value] of Object.entries(before)) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}
}

module.exports = { startForwardProxy, setProxyEnvironment, restoreProxyEnvironment };
