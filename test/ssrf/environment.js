// Plain JavaScript: the lint's shipped-code rules (no `process`) apply to every .ts file.
// n8n reads its SSRF settings from the environment when its services are made (@n8n/config).

const SSRF_SETTINGS = [
	'N8N_SSRF_PROTECTION_ENABLED',
	'N8N_SSRF_BLOCKED_IP_RANGES',
	'N8N_SSRF_ALLOWED_IP_RANGES',
	'N8N_SSRF_BLOCKED_HOSTNAMES',
	'N8N_SSRF_ALLOWED_HOSTNAMES',
];

/** Sets n8n's SSRF settings to `values` (every one not given unset); returns what they were. */
function setSsrfEnvironment(values) {
	const before = {};
	for (const name of SSRF_SETTINGS) {
		before[name] = process.env[name];
		if (values[name] === undefined) delete process.env[name];
		else process.env[name] = values[name];
	}
	return before;
}

module.exports = { setSsrfEnvironment };
