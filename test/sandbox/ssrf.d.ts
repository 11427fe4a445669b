export const SANDBOX_RANGE: string;
export function sandboxSsrf(
	env: Record<string, string | undefined>,
	readFile?: (path: string) => string,
): {
	env: Record<string, string | undefined>;
	note?: string;
};
