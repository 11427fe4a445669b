export function workflowMembers(source: string): Set<string>;
export function membersUsedIn(folder: string): Map<string, string[]>;
export function missingMembers(
	used: Map<string, string[]>,
	exported: string[],
): Array<{ member: string; files: string[] }>;
