/** A file of the checkout by its path from the repository's root, as text; undefined when there is none. */
export function repoFile(path: string): string | undefined;

/** The files of a folder of the checkout whose names end with `ending`, by their paths from the root. */
export function repoFiles(folder: string, ending: string): string[];
