// The order the bundles start in. Two workers take them longest first, so neither is left with a long bundle at
// the end while the other idles: on a fresh clone jest has no timings of its own yet and started the small bundles
// first, which cost `npm test` about 10 s. The seconds are measured (`npx jest -c jest.folders.config.js --json`,
// each bundle's end minus start, the 2-core machine); only their order matters. A bundle not listed starts first.
const Sequencer = require('@jest/test-sequencer').default;
const { basename } = require('node:path');

const SECONDS = {
	reportTrigger: 19,
	transport: 17,
	properties: 16,
	trigger: 14,
	checks: 14,
	kinds: 13,
	sandbox: 11,
	customer: 11,
	simulator: 10,
	report: 9,
	errors: 8,
	secrets: 7,
	editorAndCredentials: 6,
	records: 6,
	callRecord: 4,
	campaign: 3,
	rerun: 2,
};

const secondsOf = (test) => SECONDS[basename(test.path, '.test.js')] ?? Infinity;

class LongestFirst extends Sequencer {
	sort(tests) {
		return [...tests].sort((a, b) => secondsOf(b) - secondsOf(a));
	}
}

module.exports = LongestFirst;
