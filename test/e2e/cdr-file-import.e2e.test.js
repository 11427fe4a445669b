// The Import File example, imported with `n8n import:workflow` and run twice with `n8n execute` in the pinned
// n8n (filesystem binary data mode, n8n's default), against the simulator in its own process.
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	n8nCli,
	n8nEnv,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { spawnSimulator } = require('../simulator/spawn.js');

const NAME = 'Telco Billing example: CDR file import, streamed';
let n8n;
let simulator;
let simulatorUrl;
let env;
let workflows;
let folder;

function summaryOf() {
	const { id } = workflows.find((w) => w.name === NAME);
	const stdout = n8nCli(n8n, ['execute', `--id=${id}`, '--rawOutput'], {
		...env,
		N8N_LOG_LEVEL: 'info',
	});
	const lines = stdout.split('\n');
	const run = JSON.parse(lines.slice(lines.indexOf('{'), lines.lastIndexOf('}') + 1).join('\n'));
	const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? run.runData;
	return (runData['Import CDR File'][0].data.main[0] ?? []).map((item) => item.json);
}

beforeAll(async () => {
	n8n = await ensureN8n({
		version: requestedVersion([]),
		log: (line) => process.stderr.write(`${line}\n`),
	});
	const sim = await spawnSimulator(['--port', '0', '--smtp-port', '0', '--sender-interval', '0']);
	simulator = sim.child;
	simulatorUrl = sim.url;
	folder = mkdtempSync(join(tmpdir(), 'n8n-telco-e2e-import-'));
	env = n8nEnv(n8n, folder, {
		N8N_RUNNERS_BROKER_PORT: '5691',
		N8N_LOG_LEVEL: 'error',
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
	});
	workflows = prepareImports(join(folder, 'imports'), {
		simulatorUrl,
		apiKey: 'demo-key-0001',
		smtpPort: sim.smtpPort,
	});
	n8nCli(
		n8n,
		['import:credentials', `--input=${join(folder, 'imports', 'credentials.json')}`],
		env,
	);
	n8nCli(
		n8n,
		['import:workflow', '--separate', `--input=${join(folder, 'imports', 'workflows')}`],
		env,
	);
});

afterAll(() => {
	simulator?.kill('SIGTERM');
	if (folder) rmSync(folder, { recursive: true, force: true });
});

test('Import File example: the switch export is stored; a re-run counts every row as a duplicate', async () => {
	expect(summaryOf()).toEqual([
		expect.objectContaining({
			fileName: 'cdrs.csv',
			rowsRead: 5,
			sent: 5,
			accepted: 5,
			duplicates: 0,
			refused: 0,
			batches: 1,
			firstCallDate: '2026-11-20 09:00:05',
		}),
	]);
	const { cdrs } = await (
		await fetch(`${simulatorUrl}/__simulator/cdrs?source=demo-switch`)
	).json();
	expect(cdrs.map((c) => c.orig_id)).toEqual([
		'switch-0001',
		'switch-0002',
		'switch-0003',
		'switch-0004',
		'switch-0005',
	]);
	expect(summaryOf()).toEqual([
		expect.objectContaining({ rowsRead: 5, accepted: 0, duplicates: 5, refused: 0 }),
	]);
}, 120_000);
