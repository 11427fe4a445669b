import { readFileSync } from 'node:fs';
import { startSimulator } from './app';
import type { Seed } from './state';

function option(name: string): string | undefined {
	const index = process.argv.indexOf(`--${name}`);
	return index > -1 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
	const seedPath = option('seed');
	const seed = seedPath ? (JSON.parse(readFileSync(seedPath, 'utf8')) as Seed) : undefined;
	const sim = await startSimulator({
		port: Number(option('port') ?? process.env.SIMULATOR_PORT ?? 8787),
		host: option('host') ?? '127.0.0.1',
		seed,
	});
	const lines = [
		'Telco billing platform simulator (API 4.3.0) is running.',
		`  Base URL: ${sim.url}`,
		'  API keys:',
		...[...sim.state.keys.values()].map((key) => {
			const dept = sim.state.departments.get(key.data.department);
			const notes = [dept?.name, key.disabled ? 'disabled' : '', key.data.cdr_source ? `cdr_source ${key.data.cdr_source}` : 'no cdr_source', key.data.bulk_email ? 'bulk email' : '']
				.filter(Boolean)
				.join(', ');
			return `    ${key.key.padEnd(18)} ${notes}`;
		}),
		`  Try: curl ${sim.url}/demo-key-0001/customer/getAll`,
		'Press Ctrl-C to stop.',
	];
	console.log(lines.join('\n'));
	const stop = async () => {
		await sim.close();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
