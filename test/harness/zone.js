// The time zone n8n runs in, drawn by tests: Node reads TZ anew when it is assigned (test files may not use
// `process` in TypeScript, n8n's lint rules; hence this file).

/** Runs `body` as an n8n instance whose host is in `zone` would, then puts the suite's zone back. */
async function inZone(zone, body) {
	const before = process.env.TZ;
	process.env.TZ = zone;
	try {
		return await body();
	} finally {
		process.env.TZ = before;
	}
}

/** The zone the process runs in now (what a test checks it set). */
function currentZone() {
	return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

module.exports = { inZone, currentZone };
