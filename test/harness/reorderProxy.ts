import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The platform's per-record result answers (each result names its record: `yourid`, `enid`). */
export const perRecordResults = (method: string, url: string): boolean =>
	method === 'POST' && (url.includes('/cdr/multiple/add') || url.includes('/doMultipleETF'));

const HOP_BY_HOP = new Set(['connection', 'content-length', 'keep-alive', 'transfer-encoding']);

/**
 * A pass-through in front of the simulator that answers one kind of request with its JSON array in
 * reverse order (or as `rearrange` makes it): a platform that keeps every per-record result but not the request's order, which the
 * spec never promises. Everything else (statuses, Retry-After, answers that are not JSON, a connection
 * the simulator drops) passes as it came.
 */
export async function reorderingProxy(
	target: () => string,
	reorders: (method: string, url: string) => boolean = perRecordResults,
	rearrange: (results: unknown[]) => unknown[] = (results) => [...results].reverse(),
): Promise<{ url: string; close: () => Promise<void> }> {
	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const body = chunks.length ? Buffer.concat(chunks) : undefined;
			const headers: Record<string, string> = {};
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
							const parsed: unknown = JSON.parse(text);
							if (Array.isArray(parsed)) text = JSON.stringify(rearrange(parsed));
						} catch {
							// Not JSON (a fault's page, an answer cut short): passed as it came.
						}
					}
					const out: Record<string, string> = {};
					answer.headers.forEach((value, name) => {
						if (!HOP_BY_HOP.has(name)) out[name] = value;
					});
					res.writeHead(answer.status, out);
					res.end(text);
				})
				.catch(() => res.destroy());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
