import Fastify from 'fastify';
import { startSimulator } from '../simulator/app';

// A key with every character that means something in a URL.
export const KEY = 'sk live/9f?x=1&y#frag%zz';

/** The key as it can show up: raw, URL-encoded, form-encoded, and its first characters (a cut-off echo). */
export const SPELLINGS = [
	KEY,
	encodeURIComponent(KEY),
	encodeURIComponent(KEY).replace(/%20/g, '+'),
	'sk live',
	'sk%20live',
	'sk+live',
];

/** Every string reachable from a value, enumerable or not (error messages, stacks and causes included). */
export function allStrings(value: unknown, seen = new Set<unknown>()): string[] {
	if (typeof value === 'string') return [value];
	if (typeof value !== 'object' || value === null || seen.has(value)) return [];
	seen.add(value);
	return Object.getOwnPropertyNames(value).flatMap((name) => {
		try {
			return allStrings((value as Record<string, unknown>)[name], seen);
		} catch {
			return [];
		}
	});
}

/** The strings reachable from a value that contain one of the given secret spellings. */
export function leaks(value: unknown, spellings: string[] = SPELLINGS): string[] {
	return allStrings(value).filter((text) => spellings.some((spelling) => text.includes(spelling)));
}

/**
 * How a careless server fails while echoing the request path (the key included): the not-found JSON of
 * the findings, a plain-text 500, an HTML 403 showing the decoded path, a 502 whose echo straddles the
 * 300-character cut, an HTTP-200 failure, and a dropped connection.
 */
export const ECHO_MODES = [
	'json404',
	'text500',
	'html403',
	'long502',
	'gateway502',
	'nginx404',
	'failure200',
	'drop',
] as const;

/** A gateway's page whose echo of the request puts the key across the first 160 characters of its text. */
export function gatewayPage(path: string, method = 'GET'): string {
	const lead =
		'Bad Gateway. The proxy server received an invalid response from an upstream server. ';
	const filler = 'Please try again later. '.repeat(3);
	return `${lead}${filler}`.slice(0, 100) + ` could not handle the request ${method} ${path}`;
}

/** nginx's and Apache's not-found page: the decoded path, HTML-escaped as their templates do. */
export function escapedPage(path: string): string {
	const escaped = decodeURIComponent(path)
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&#39;');
	return (
		'<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>' +
		`<p>The requested URL ${escaped} was not found on this server.</p></body></html>`
	);
}
/** `html200`: a web page answered with HTTP 200, as a Base URL pointing at a website gets. */
export type EchoMode = (typeof ECHO_MODES)[number] | 'html200';

export interface EchoServer {
	url: string;
	mode: EchoMode;
	/** Paths received, as sent (the key included). */
	paths: string[];
	close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
	const app = Fastify({ logger: false, forceCloseConnections: true });
	const server: EchoServer = {
		url: '',
		mode: 'json404',
		paths: [],
		close: async () => await app.close(),
	};
	app.all('/*', async (request, reply) => {
		const path = request.url;
		server.paths.push(path);
		switch (server.mode) {
			case 'json404':
				return await reply
					.code(404)
					.send({ success: false, description: `no route for ${request.method} ${path}` });
			case 'text500':
				return await reply
					.code(500)
					.type('text/plain')
					.send(`Internal Server Error while handling ${path}`);
			case 'html403':
				return await reply
					.code(403)
					.type('text/html')
					.send(`<html><body><h1>Forbidden</h1><p>${decodeURIComponent(path)}</p></body></html>`);
			case 'long502':
				return await reply
					.code(502)
					.type('text/plain')
					.send(`Bad Gateway: ${'upstream detail '.repeat(17)}${path}`);
			case 'gateway502':
				return await reply.code(502).type('text/plain').send(gatewayPage(path, request.method));
			case 'nginx404':
				return await reply.code(404).type('text/html').send(escapedPage(path));
			case 'failure200':
				return await reply.send({ success: false, description: `unknown endpoint ${path}` });
			case 'html200':
				return await reply
					.type('text/html')
					.send(`<!DOCTYPE html><html><body><p>Page ${decodeURIComponent(path)}</p></body></html>`);
			case 'drop':
				request.raw.socket.destroy();
				return reply;
		}
	});
	const address = await app.listen({ port: 0, host: '127.0.0.1' });
	server.url = address.replace('localhost', '127.0.0.1');
	return server;
}

/** The address of a simulator that has just stopped: nothing listens there. */
export async function closedAddress(): Promise<string> {
	const gone = await startSimulator();
	await gone.close();
	return `${gone.url}/api`;
}
