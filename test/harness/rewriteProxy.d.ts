/**
 * A pass-through in front of the simulator answering the requests `picks` chooses with their JSON body as
 * `rewrite` makes it; everything else as it came.
 */
export function rewritingProxy(
	target: () => string,
	picks: (method: string, url: string) => boolean,
	rewrite: (body: import('n8n-workflow').IDataObject) => unknown,
): Promise<{ url: string; close: () => Promise<void> }>;
