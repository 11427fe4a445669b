/**
 * n8n's SSRF protection refusing a request (n8n 2.x with N8N_SSRF_PROTECTION_ENABLED). A carrier's billing
 * platform often lives at a private or carrier-grade NAT address, which the protection blocks unless an
 * administrator allows it; n8n's own words ("…resolves to a restricted IP address") name neither the setting
 * nor the address, so the package says both.
 */
export interface SsrfBlock {
	/** Blocked for its address (N8N_SSRF_BLOCKED_IP_RANGES) or for its host name (N8N_SSRF_BLOCKED_HOSTNAMES). */
	by: 'address' | 'name';
	/** The address n8n refused to connect to. */
	ip?: string;
	/** The host name n8n refused (N8N_SSRF_BLOCKED_HOSTNAMES), when the block was by name. */
	hostname?: string;
}

// n8n's error classes (@n8n/backend-network), known by name: the package cannot import them, and a node run
// hands them over wrapped in a NodeApiError (as its cause).
const BLOCKED_IP = 'SsrfBlockedIpError';
const BLOCKED_HOSTNAME = 'SsrfBlockedHostnameError';

/** The SSRF block behind a thrown error (itself, or a cause of it), if that is why the request failed. */
export function ssrfBlockOf(thrown: unknown): SsrfBlock | undefined {
	let level: unknown = thrown;
	for (let depth = 0; depth < 5 && level && typeof level === 'object'; depth++) {
		const { name, ip, hostname, cause } = level as Record<string, unknown>;
		const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
		if (name === BLOCKED_IP) return { by: 'address', ip: text(ip), hostname: text(hostname) };
		if (name === BLOCKED_HOSTNAME) return { by: 'name', hostname: text(hostname) };
		level = cause;
	}
	return undefined;
}

function octets(ip: string): number[] | undefined {
	const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
	const parts = match?.slice(1).map(Number);
	return parts?.every((part) => part <= 255) ? parts : undefined;
}

/** What kind of address n8n blocked, in words an administrator recognises. */
function kindOf(ip: string): string {
	const lower = ip.toLowerCase();
	const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
	const v4 = octets(mapped ?? lower);
	if (v4) {
		const [a, b, c] = v4;
		if (a === 127) return 'a loopback address, n8n’s own machine';
		if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168))
			return 'a private address';
		if (a === 100 && b >= 64 && b <= 127) return 'a carrier-grade NAT address, 100.64.0.0/10';
		if (a === 169 && b === 254) return 'a link-local address';
		if (
			a === 0 ||
			(a === 192 && b === 0 && (c === 0 || c === 2)) ||
			(a === 198 && (b === 18 || b === 19 || (b === 51 && c === 100))) ||
			(a === 203 && b === 0 && c === 113)
		)
			return 'a reserved address';
	} else {
		if (lower === '::1') return 'a loopback address, n8n’s own machine';
		if (/^f[cd]/.test(lower)) return 'a private address';
		if (/^fe[89ab]/.test(lower)) return 'a link-local address';
	}
	return 'an address in N8N_SSRF_BLOCKED_IP_RANGES';
}

/** Whether a URL's host is an address rather than a name (n8n checks only addresses against IP ranges then). */
function isAddress(host: string): boolean {
	return octets(host) !== undefined || host.includes(':');
}

/** The host of a Base URL as n8n checks it (no brackets around an IPv6 address); undefined if none. */
export function hostOf(baseUrl: unknown): string | undefined {
	try {
		return new URL(String(baseUrl ?? '').trim()).hostname.replace(/^\[(.*)\]$/, '$1') || undefined;
	} catch {
		return undefined;
	}
}

/**
 * One sentence for a request n8n's SSRF protection blocked: the address and what kind it is, and the setting
 * that allows it. `host` is the Base URL's host, when known: a name can be allowed by name, an address only
 * by range (n8n ignores N8N_SSRF_ALLOWED_HOSTNAMES for an address typed into the URL).
 */
export function ssrfMessage(block: SsrfBlock, host?: string): string {
	const lead = 'n8n’s SSRF protection blocked the request to';
	const restart = 'in n8n’s environment and restart n8n';
	if (block.by === 'name') {
		const name = block.hostname ?? host ?? 'the Base URL’s host';
		return `${lead} ${name} (a host name in N8N_SSRF_BLOCKED_HOSTNAMES): add it to N8N_SSRF_ALLOWED_HOSTNAMES ${restart}`;
	}
	if (!block.ip) {
		// n8n names the address it blocked; should a version not, the setting is still the one to name.
		const target = host ?? 'the Base URL’s host';
		return (
			`${lead} ${target} (an address in N8N_SSRF_BLOCKED_IP_RANGES): to allow the billing platform, ` +
			`add its address as a range (e.g. 10.1.2.3/32) to N8N_SSRF_ALLOWED_IP_RANGES ${restart}`
		);
	}
	const name = block.hostname ?? (host && !isAddress(host) ? host : undefined);
	const range = `${block.ip}/${block.ip.includes(':') ? 128 : 32}`;
	const target = name
		? `${name} (${block.ip}, ${kindOf(block.ip)})`
		: `${block.ip} (${kindOf(block.ip)})`;
	const byName = name ? `, or ${name} to N8N_SSRF_ALLOWED_HOSTNAMES,` : '';
	return `${lead} ${target}: to allow the billing platform, add ${range} to N8N_SSRF_ALLOWED_IP_RANGES${byName} ${restart}`;
}
