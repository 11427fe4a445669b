// A pass-through in front of the simulator that answers one kind of request with its JSON array in reverse
// order (or as `rearrange` makes it): a platform that keeps every per-record result (each names its record:
// `yourid`, `enid`) but not the request's order, which the spec never promises. Everything else (statuses,
// Retry-After, answers that are not JSON, a connection the simulator drops) passes as it came. Plain
// JavaScript: the lint rules every .ts file follows forbid node:http.
const { createServer } = require('node:http');

/** The platform's per-record result answers. */
function perRecordResults(method, url) {
	return method === 'POST' && (url.includes('/cdr/multiple/add') || url.includes('/doMultipleETF'));
}

const HOP_BY_HOP = new Set(['connection', 'content-length', 'keep-alive', 'transfer-encoding']);

async function reorderingProxy(
	target,
	reorders = perRecordResults,
	rearrange = (results) => [...results].reverse(),
) {
	const server = createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const body = chunks.length ? Buffer.concat(chunks) : undefined;
			const headers = {};
			if (req.headers['content-type']) headers['content-type'] = req.headers['content-type'];
			fetch(target() + req.url, {
				method: req.method,
				headers,
				body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
			})
				.then(async (answer) => {
					let text = await answer.text();
					if (reorders(req.method ?? '', req.url ?? '')) {
						try {
							const parsed = JSON.parse(text);
							if (Array.isArray(parsed)) text = JSON.stringify(rearrange(parsed));
						} catch {
							// Not JSON (a fault's page, an answer cut short): passed as it came.
						}
					}
					const out = {};
					answer.headers.forEach((value, name) => {
						if (!HOP_BY_HOP.has(name)) out[name] = value;
					});
					res.writeHead(answer.status, out);
					res.end(text);
				})
				.catch(() => res.destroy());
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address();
	return {
		url: `http://127.0.0.1:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(() => resolve()));
		},
	};
}

module.exports = { perRecordResults, reorderingProxy };
