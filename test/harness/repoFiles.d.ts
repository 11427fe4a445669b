export function readRepoFile(path: string): string;
export function repoFiles(folder: string, endings: string[]): string[];
export function specEndpointsTsv(): string;
/** Whether a file or folder of the repository exists, by its path from the repository's root. */
export function repoPathExists(path: string): boolean;
/** Whether a relative link written in `file` (both from the repository's root) reaches a file or folder. */
export function linkReaches(file: string, target: string): boolean;
