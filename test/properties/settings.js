// Plain JavaScript: the lint's shipped-code rules (no `process`) apply to every .ts file.
// TELCO_PROPERTY_RUNS=200 npx jest test/properties runs more cases; TELCO_PROPERTY_SEED=<seed printed by a
// failure> replays one. Without them every run uses the same seed, so `npm test` is reproducible.
const runs = Number(process.env.TELCO_PROPERTY_RUNS);
const seed = Number(process.env.TELCO_PROPERTY_SEED);

/**
 * fast-check's settings for a property through n8n's engine: `defaultRuns` cases in `npm test` (each one a
 * node run against a fresh simulator, so few), a fixed seed, and on failure the seed, the path and the shrunk
 * case in the message.
 */
function propertySettings(defaultRuns) {
	return {
		numRuns: Number.isInteger(runs) && runs > 0 ? runs : defaultRuns,
		seed: Number.isInteger(seed) ? seed : 20261125,
		endOnFailure: false,
		verbose: 1,
		...(process.env.TELCO_PROPERTY_TIMEOUT
			? { timeout: Number(process.env.TELCO_PROPERTY_TIMEOUT) }
			: {}),
	};
}

/**
 * A property's measurement (its draws, what became of them, the operations it covers): printed only when
 * TELCO_PROPERTY_REPORT=1, so `npm test` stays quiet.
 */
function reportMeasurement(line) {
	if (process.env.TELCO_PROPERTY_REPORT) process.stdout.write(`${line}\n`);
}

module.exports = { propertySettings, reportMeasurement };
