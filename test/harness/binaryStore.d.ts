/** Puts n8n's binary data service of this test file in filesystem mode; returns how to remove the folder. */
export function useFilesystemBinaryStore(): Promise<() => void>;
