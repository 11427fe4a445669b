// What the test's in-between servers (a TLS front, a forward proxy) do with an HTTP request: pass it on to
// `target` (host and port; `path` as it should arrive) as it came, and the answer back as it went.
const http = require('node:http');

function passOn(request, response, { host, port, path }) {
	const upstream = http.request(
		{ host, port, method: request.method, path, headers: request.headers },
		(answer) => {
			response.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(response);
		},
	);
	upstream.on('error', () => response.destroy());
	request.pipe(upstream);
}

module.exports = { passOn };
