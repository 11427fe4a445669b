/** The platform's per-record result answers (cdr/multiple/add, doMultipleETF). */
export function perRecordResults(method: string, url: string): boolean;
/**
 * A pass-through in front of the simulator answering the requests `reorders` picks with their JSON array
 * reversed (or as `rearrange` makes it); everything else as it came.
 */
export function reorderingProxy(
	target: () => string,
	reorders?: (method: string, url: string) => boolean,
	rearrange?: (results: unknown[]) => unknown[],
): Promise<{ url: string; close: () => Promise<void> }>;
