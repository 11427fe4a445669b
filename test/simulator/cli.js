#!/usr/bin/env node
// Starts the billing-platform simulator: `npm start`, or `npm run simulator -- --port 8787 --seed file.json`.
// A bad day on the platform (test/simulator/faults.ts): --latency 50 --fail503 0.02 --fail429 0.01
// --reset-share 0.01 --fail-after-write 0.01 --retry-after 1 --fault-seed 7 --outage 30000 [--outage-mode refuse].
// Kindnesses beyond the spec (test/simulator/extras.ts): --extras searchCid,otherSpelling,looseTypes,otherShapes.
// The spec's open questions answered otherwise (test/simulator/traits.ts): --traits searchCase=compared,searchMatch=whole.
// What each run sent is printed once the run ends, after --run-quiet ms (default 2000) without a request.
// Time passing (test/simulator/history/advance.ts): --day-every 60 lets a day pass every 60 s (bill runs, payments,
// services starting and ending, customers leaving); POST /__simulator/advance {"days": 7} at any time.
// Plain JavaScript so the shipped-code lint rules (no process, no console) stay strict for every .ts file.
const { commandLineOrExit } = require('./commandLine.js');

/** Every option of `npm run simulator`; another is refused with the usage (commandLine.js). */
const OPTIONS = {
	port: { value: '<port>', help: 'the API and controls (8787; SIMULATOR_PORT; 0: a free one)' },
	host: { value: '<address>', help: 'the address to listen on (127.0.0.1)' },
	'smtp-port': {
		value: '<port>',
		help: 'the mail sink (2525; SIMULATOR_SMTP_PORT; 0: a free one)',
	},
	seed: { value: '<file.json>', help: 'the platform to start from (test/simulator/seed.json)' },
	extras: {
		value: '<a,b>',
		help: 'kindnesses beyond the spec: searchCid, otherSpelling, looseTypes, otherShapes',
	},
	traits: {
		value: '<name=value,…>',
		help: "the spec's open questions answered otherwise (docs/quirks.md)",
	},
	latency: { value: '<ms>', help: 'milliseconds before each answer' },
	fail503: { value: '<share>', help: 'share of requests answered 503 once (0 to 1)' },
	fail429: { value: '<share>', help: 'share answered 429 once, with Retry-After' },
	'retry-after': { value: '<seconds>', help: "the 429s' Retry-After (1)" },
	'reset-share': { value: '<share>', help: 'share whose connection is reset once' },
	'fail-after-write': {
		value: '<share>',
		help: 'share done and stored, then answered 503: a lost answer',
	},
	'fault-seed': { value: '<integer>', help: 'which requests the shares pick (1)' },
	outage: { value: '<ms>', help: 'every request answered 503 for so long from the start' },
	'outage-mode': {
		value: '<503|refuse>',
		help: "'refuse': the port closed during the outage instead",
	},
	'sender-interval': {
		value: '<ms>',
		help: 'how often the bulk email sender runs (2000; 0: never)',
	},
	'day-every': { value: '<seconds>', help: 'a day passes on the platform every so many seconds' },
	'run-quiet': { value: '<ms>', help: 'a run ends after so long without a request (2000)' },
};

const GIVEN = commandLineOrExit(
	process.argv.slice(2),
	'npm run simulator -- [options]',
	'Starts the billing-platform simulator (API 4.3.0) and its mail sink on 127.0.0.1, seeded, in memory.\n' +
		'Its controls, faults and state: docs/sandbox.md, "The simulator\'s controls".',
	OPTIONS,
);

require('tsx/cjs');
const { readFileSync } = require('node:fs');
const { startSimulator } = require('./app.ts');
const { startSmtpSink } = require('./smtp.js');
const { changedTraits, parseTraits } = require('./traits.ts');
const { QUIET_MS, runLine } = require('./stats.ts');
const { advance } = require('./history/advance.ts');

/** What a day brought, in one line. */
function passedLine(passed) {
	const invoices = passed.billRuns.reduce((sum, run) => sum + run.invoices.length, 0);
	return [
		passed.billRuns.length ? `a bill run (${invoices} invoices)` : '',
		`${passed.payments} payments`,
		`${passed.servicesStarted.length} services started`,
		`${passed.servicesEnded.length} ended`,
		`${passed.customersEnded.length} customers left`,
	]
		.filter(Boolean)
		.join(', ');
}

function option(name) {
	return GIVEN[name];
}

function describeKey(sim, key) {
	const dept = sim.state.departments.get(key.data.department);
	return [
		dept && dept.name,
		key.disabled ? 'disabled' : '',
		key.data.cdr_source ? `cdr_source ${key.data.cdr_source}` : 'no cdr_source',
		key.data.bulk_email ? 'bulk email' : '',
	]
		.filter(Boolean)
		.join(', ');
}

/** A numeric flag, or undefined when absent; a flag given without a number is an error. */
function numberOption(name) {
	const value = option(name);
	if (value === undefined) return undefined;
	const number = Number(value);
	if (value === '' || !Number.isFinite(number))
		throw new Error(`--${name} needs a number, got ${value}`);
	return number;
}

function faultModes() {
	const modes = {
		fail503Share: numberOption('fail503'),
		fail429Share: numberOption('fail429'),
		resetShare: numberOption('reset-share'),
		failAfterWriteShare: numberOption('fail-after-write'),
		retryAfter: numberOption('retry-after'),
		seed: numberOption('fault-seed'),
	};
	return Object.fromEntries(Object.entries(modes).filter(([, value]) => value !== undefined));
}

function describeFaults(sim) {
	const m = sim.modes;
	const parts = [
		sim.latency.ms ? `latency ${sim.latency.ms} ms` : '',
		m.fail503Share ? `${m.fail503Share * 100}% 503` : '',
		m.fail429Share ? `${m.fail429Share * 100}% 429 (Retry-After ${m.retryAfter} s)` : '',
		m.resetShare ? `${m.resetShare * 100}% resets` : '',
		m.failAfterWriteShare ? `${m.failAfterWriteShare * 100}% lost answers` : '',
		m.outageUntil > Date.now()
			? `outage (${m.outageMode}) for ${m.outageUntil - Date.now()} ms`
			: '',
	].filter(Boolean);
	return parts.length > 0 ? parts.join(', ') : 'none';
}

function describeTraits(sim) {
	const changed = Object.entries(changedTraits(sim.traits));
	return changed.length > 0
		? changed.map(([name, value]) => `${name}=${value}`).join(', ')
		: 'the defaults';
}

/**
 * Prints each run once it has ended (no request for `quietMs`): how many requests it sent, how many the platform
 * acted on and wrote, and where to read them by endpoint.
 */
function reportRuns(sim, quietMs) {
	let counted = sim.requests.length;
	let printed = new Set();
	const statsUrl = `${sim.url}/__simulator/stats`;
	return setInterval(
		() => {
			const { runs, since } = sim.stats.read(quietMs);
			if (
				sim.requests.length === counted &&
				runs.every((run) => printed.has(`${since} ${run.from}`))
			)
				return;
			counted = sim.requests.length;
			if (runs.length === 0) printed = new Set();
			for (const run of runs) {
				const key = `${since} ${run.from}`;
				if (printed.has(key) || Date.now() - Date.parse(run.to) < quietMs) continue;
				printed.add(key);
				console.log(runLine(run, statsUrl));
			}
		},
		Math.min(500, quietMs),
	).unref();
}

async function main() {
	const seedPath = option('seed');
	const outageMs = numberOption('outage');
	const sim = await startSimulator({
		port: Number(option('port') || process.env.SIMULATOR_PORT || 8787),
		host: option('host') || '127.0.0.1',
		seed: seedPath ? JSON.parse(readFileSync(seedPath, 'utf8')) : undefined,
		extras: option('extras') ? option('extras').split(',').filter(Boolean) : [],
		traits: option('traits') ? parseTraits(option('traits')) : {},
		modes: faultModes(),
		latency: numberOption('latency'),
		outage: outageMs ? { ms: outageMs, mode: option('outage-mode') || '503' } : undefined,
	});
	const smtpPort = Number(option('smtp-port') || process.env.SIMULATOR_SMTP_PORT || 2525);
	const smtp = await startSmtpSink(sim.state.mailbox, smtpPort);
	// The bulk email sender runs in the background, as on the platform (--sender-interval 0 turns it off).
	const interval = Number(option('sender-interval') || 2000);
	const sender = interval > 0 ? setInterval(() => sim.state.bulkEmail.run(), interval) : undefined;
	const dayEvery = numberOption('day-every');
	const days =
		dayEvery > 0
			? setInterval(() => {
					const passed = advance(sim.state, 1);
					console.log(`Simulator: a day passed: ${passedLine(passed)}`);
				}, dayEvery * 1000)
			: undefined;
	const keys = [...sim.state.keys.values()].map(
		(key) => `    ${key.key.padEnd(18)} ${describeKey(sim, key)}`,
	);
	console.log(
		[
			'Telco billing platform simulator (API 4.3.0) is running.',
			`  Base URL: ${sim.url}`,
			'  API keys:',
			...keys,
			`  Try: curl ${sim.url}/demo-key-0001/customer/getAll`,
			`  Bulk email sender: ${interval > 0 ? `every ${interval} ms` : 'off'}; sent mail: ${sim.url}/__simulator/outbox`,
			`  SMTP sink: 127.0.0.1:${smtp.port} (no auth, no TLS); received mail: ${sim.url}/__simulator/mail`,
			`  Extras: ${[...sim.extras].join(', ') || 'none (strictly the spec)'}`,
			`  Traits: ${describeTraits(sim)}; change them: POST ${sim.url}/__simulator/traits`,
			`  Faults: ${describeFaults(sim)}; change them: POST ${sim.url}/__simulator/faults, counts: GET the same`,
			`  Requests: GET ${sim.url}/__simulator/stats (what each run sent, by endpoint, and its writes; POST …/stats/reset starts anew)`,
			`  Time: ${dayEvery > 0 ? `a day passes every ${dayEvery} s; ` : ''}POST ${sim.url}/__simulator/advance {"days": 7} lets days pass (bill runs, payments, services start and end, customers leave)`,
			'Press Ctrl-C to stop.',
		].join('\n'),
	);
	const reporter = reportRuns(sim, numberOption('run-quiet') ?? QUIET_MS);
	const stop = async () => {
		clearInterval(reporter);
		if (sender) clearInterval(sender);
		if (days) clearInterval(days);
		await smtp.close();
		await sim.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
