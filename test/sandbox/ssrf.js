// The sandbox's n8n with n8n's SSRF protection on (N8N_SSRF_PROTECTION_ENABLED in the user's shell, as an
// instance preparing for n8n 3.0 may have it): everything the sandbox serves listens on 127.0.0.1 (the
// simulator, its mail sink, the scripted chat model), which n8n's default block list holds, so the sandbox
// allows that one address for its own n8n and keeps the rest of the user's settings.
const { readFileSync } = require('node:fs');

/** Where the sandbox's own services listen. */
const SANDBOX_RANGE = '127.0.0.1/32';

/** An n8n boolean setting as @n8n/config reads it: `true` or `1`, spaces and quotes around it ignored. */
function isOn(value) {
	const text = String(value ?? '')
		.trim()
		.replace(/^(['"])(.*)\1$/, '$2')
		.toLowerCase();
	return text === 'true' || text === '1';
}

/**
 * The user's allowed ranges, as n8n would read them: the variable, else the file its `_FILE` twin names (the
 * variable set here would hide that file from n8n, so its ranges are carried over).
 */
function allowedRanges(env, readFile) {
	const name = 'N8N_SSRF_ALLOWED_IP_RANGES';
	const text =
		name in env ? env[name] : env[`${name}_FILE`] ? readFile(env[`${name}_FILE`]).trim() : '';
	return String(text ?? '')
		.split(',')
		.map((range) => range.trim())
		.filter(Boolean);
}

/**
 * n8n's environment for the sandbox with the simulator's address allowed through SSRF protection, and the
 * banner line that says so when the protection is on (undefined when off: nothing to tell).
 */
function sandboxSsrf(env, readFile = (path) => readFileSync(path, 'utf8')) {
	const ranges = allowedRanges(env, readFile);
	const allowed = ranges.includes(SANDBOX_RANGE) ? ranges : [...ranges, SANDBOX_RANGE];
	const note = isOn(env.N8N_SSRF_PROTECTION_ENABLED)
		? `on (N8N_SSRF_PROTECTION_ENABLED): this n8n also allows ${SANDBOX_RANGE} (N8N_SSRF_ALLOWED_IP_RANGES), ` +
			'where the simulator, mail sink and chat model listen; your other settings stay as set'
		: undefined;
	return { env: { ...env, N8N_SSRF_ALLOWED_IP_RANGES: allowed.join(',') }, note };
}

module.exports = { SANDBOX_RANGE, sandboxSsrf };
