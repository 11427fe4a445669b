export function findCircle(folders: string[]): string[] | undefined;
export function crossFolderImports(
	folder: string,
): Array<{ from: string; to: string; file: string; target: string }>;
export function looseFiles(folder: string): string[];
export function sourceLinesMatching(
	folders: string[],
	pattern: RegExp,
): Array<{ file: string; line: number; text: string }>;
export function sourceOf(file: string): string;
