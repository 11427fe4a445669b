import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of the simulator that answers one kind of request with its JSON array in
 * reverse order: a platform that keeps every per-record result (each names its record: `yourid`, `enid`)
 * but not the request's order, which the spec never promises.
 */
export async function reorderingProxy(
	target: () => string,
	reorders: (method: string, url: string) => boolean,
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
						const parsed: unknown = JSON.parse(text);
						if (Array.isArray(parsed)) text = JSON.stringify([...parsed].reverse());
					}
					res.writeHead(answer.status, {
						'content-type': answer.headers.get('content-type') ?? 'application/json',
					});
					res.end(text);
				})
				.catch(() => res.destroy());
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
