#!/usr/bin/env node
// Starts the billing-platform simulator: `npm start`, or `npm run simulator -- --port 8787 --seed file.json`.
// Plain JavaScript so the shipped-code lint rules (no process, no console) stay strict for every .ts file.
require('tsx/cjs');
const { readFileSync } = require('node:fs');
const { startSimulator } = require('./app.ts');
const { startSmtpSink } = require('./smtp.js');

function option(name) {
	const index = process.argv.indexOf(`--${name}`);
	return index > -1 ? process.argv[index + 1] : undefined;
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

async function main() {
	const seedPath = option('seed');
	const sim = await startSimulator({
		port: Number(option('port') || process.env.SIMULATOR_PORT || 8787),
		host: option('host') || '127.0.0.1',
		seed: seedPath ? JSON.parse(readFileSync(seedPath, 'utf8')) : undefined,
	});
	const smtpPort = Number(option('smtp-port') || process.env.SIMULATOR_SMTP_PORT || 2525);
	const smtp = await startSmtpSink(sim.state.mailbox, smtpPort);
	// The bulk email sender runs in the background, as on the platform (--sender-interval 0 turns it off).
	const interval = Number(option('sender-interval') || 2000);
	const sender = interval > 0 ? setInterval(() => sim.state.bulkEmail.run(), interval) : undefined;
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
			`  SMTP sink: 127.0.0.1:${smtp.port} (no auth, no TLS); received mail: ${sim.url}/__simulator/mailbox`,
			'Press Ctrl-C to stop.',
		].join('\n'),
	);
	const stop = async () => {
		if (sender) clearInterval(sender);
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
