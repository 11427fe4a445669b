export function packed(): { files: string[]; size: number } | undefined;
