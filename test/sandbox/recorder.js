// A pass-through in front of the simulator that keeps what reached the platform: each request's method, path
// (the API key's segment removed) and JSON body, in the order they arrived. n8n's credential points at it.
const { createServer, request: httpRequest } = require('node:http');

/**
 * Starts the recorder on a free port of 127.0.0.1; `seen` grows as requests arrive. `retarget(url)` sends later
 * requests to another platform (a fresh simulator), the workflow's credential unchanged.
 */
function startRecorder(target, { key } = {}) {
	const seen = [];
	let upstreamUrl = target;
	const server = createServer((req, res) => {
		const chunks = [];
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const body = Buffer.concat(chunks);
			const path = key ? req.url.replace(`/${encodeURIComponent(key)}`, '') : req.url;
			seen.push({
				method: req.method,
				path,
				line: `${req.method} ${path}`,
				body: body.length > 0 ? JSON.parse(body.toString('utf8')) : undefined,
			});
			const upstream = httpRequest(
				new URL(req.url, upstreamUrl),
				{ method: req.method, headers: req.headers },
				(answer) => {
					res.writeHead(answer.statusCode, answer.headers);
					answer.pipe(res);
				},
			);
			upstream.on('error', (error) => res.writeHead(502).end(String(error)));
			upstream.end(body);
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}`,
				seen,
				server,
				retarget: (url) => (upstreamUrl = url),
				close: () => {
					server.closeAllConnections();
					server.close();
				},
			}),
		),
	);
}

module.exports = { startRecorder };
