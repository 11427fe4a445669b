import { sandboxSsrf } from './ssrf';

// npm start's n8n under SSRF protection (test/sandbox/ssrf.js): the sandbox's 127.0.0.1 allowed, the user's
// own settings kept. test/e2e/ssrf.e2e.test.js and sandbox-start.e2e.test.js run it in a real n8n.

test('protection off: 127.0.0.1/32 allowed all the same (harmless), and no banner line', () => {
	const { env, note } = sandboxSsrf({ N8N_PORT: '5678' });
	expect(env).toEqual({ N8N_PORT: '5678', N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' });
	expect(note).toBeUndefined();
});

test.each(['true', '1', ' TRUE ', '"true"'])(
	'protection on (%j): the banner says what the sandbox allows, and why',
	(value) => {
		const { note } = sandboxSsrf({ N8N_SSRF_PROTECTION_ENABLED: value });
		expect(note).toBe(
			'on (N8N_SSRF_PROTECTION_ENABLED): this n8n also allows 127.0.0.1/32 (N8N_SSRF_ALLOWED_IP_RANGES), ' +
				'where the simulator, mail sink and chat model listen; your other settings stay as set',
		);
	},
);

test('the user’s own allowed ranges are kept, 127.0.0.1/32 added once', () => {
	const on = { N8N_SSRF_PROTECTION_ENABLED: 'true' };
	expect(
		sandboxSsrf({ ...on, N8N_SSRF_ALLOWED_IP_RANGES: '10.1.0.0/16, 100.64.0.0/10' }).env
			.N8N_SSRF_ALLOWED_IP_RANGES,
	).toBe('10.1.0.0/16,100.64.0.0/10,127.0.0.1/32');
	expect(
		sandboxSsrf({ ...on, N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' }).env
			.N8N_SSRF_ALLOWED_IP_RANGES,
	).toBe('127.0.0.1/32');
	// Blocked ranges and host names are the user's: untouched.
	const blocked = { ...on, N8N_SSRF_BLOCKED_IP_RANGES: 'default,100.64.0.0/10' };
	expect(sandboxSsrf(blocked).env.N8N_SSRF_BLOCKED_IP_RANGES).toBe('default,100.64.0.0/10');
});

test('ranges given in a file (N8N_SSRF_ALLOWED_IP_RANGES_FILE) are carried over, since the variable hides it', () => {
	const file = '/run/secrets/n8n-allowed-ranges';
	const read = (path: string) => (path === file ? '10.9.0.0/16\n' : '');
	expect(
		sandboxSsrf({ N8N_SSRF_ALLOWED_IP_RANGES_FILE: file }, read).env.N8N_SSRF_ALLOWED_IP_RANGES,
	).toBe('10.9.0.0/16,127.0.0.1/32');
});
