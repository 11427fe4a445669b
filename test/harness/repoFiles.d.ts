export function readRepoFile(path: string): string;
export function repoFiles(folder: string, endings: string[]): string[];
export function sharedEndpointsTsv(): string | undefined;
