export function setSsrfEnvironment(
	values: Record<string, string | undefined>,
): Record<string, string | undefined>;
