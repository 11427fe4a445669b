/** A file of the checkout by its path from the repository's root, as text; undefined when there is none. */
export function repoFile(path: string): string | undefined;
