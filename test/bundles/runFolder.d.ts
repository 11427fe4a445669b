export function runFolder(folder: string): void;
export function testFolders(): string[];
