export interface ForwardProxy {
	url: string;
	/** Every request the proxy was given: absolute-form URLs for HTTP, host:port for an HTTPS tunnel. */
	seen: Array<{ method: string; url: string }>;
	close(): Promise<void>;
}

/** A forward proxy on 127.0.0.1 that counts what it carries. */
export function startForwardProxy(): Promise<ForwardProxy>;

type ProxySetting = 'HTTP_PROXY' | 'HTTPS_PROXY' | 'ALL_PROXY' | 'NO_PROXY';

/** Sets the proxy environment to `values` (the others unset, in either spelling); returns what it was. */
export function setProxyEnvironment(
	values: Partial<Record<ProxySetting, string>>,
): Record<string, string | undefined>;

export function restoreProxyEnvironment(before: Record<string, string | undefined>): void;
