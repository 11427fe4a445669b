// The example workflows, imported with `n8n import:workflow` and run with `n8n execute` in the pinned n8n,
// against the simulator in its own process. Assertions read the CLI's output and the simulator's state.
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	executeOutput,
	importInto,
	n8nCli,
	n8nEnv,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort } = require('../sandbox/waiting.js');

const DEMO_KEY = 'demo-key-0001';
let n8n;
let simulator;
let simulatorUrl;
let env;
let workflows;
let folder;

async function simulatorGet(path) {
	return await (await fetch(`${simulatorUrl}${path}`)).json();
}

/** Runs one imported workflow with `n8n execute` and returns the items each node output. */
function execute(name) {
	const { id } = workflows.find((w) => w.name === name);
	return executeOutput(
		n8nCli(n8n, ['execute', `--id=${id}`, '--rawOutput'], { ...env, N8N_LOG_LEVEL: 'info' }),
	);
}

beforeAll(async () => {
	// TELCO_N8N_VERSION picks the line (the newest by default); the first run installs it into the cache.
	n8n = await ensureN8n({
		version: requestedVersion([]),
		log: (line) => process.stderr.write(`${line}\n`),
	});
	process.stderr.write(`End-to-end run on n8n ${n8n.version}, Node ${n8n.nodeVersion}\n`);
	const sim = await spawnSimulator(ON_FREE_PORTS);
	simulator = sim.child;
	simulatorUrl = sim.url;
	folder = mkdtempSync(join(tmpdir(), 'n8n-telco-e2e-'));
	// Its own task-broker port, so the run works beside a sandbox (npm start) and beside CI's other lines.
	env = n8nEnv(n8n, folder, {
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_LOG_LEVEL: 'error',
		// Import File streams from disk in this mode (the one n8n recommends for large files).
		N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem',
	});
	workflows = prepareImports(join(folder, 'imports'), {
		simulatorUrl,
		apiKey: DEMO_KEY,
		smtpPort: sim.smtpPort,
	});
	importInto(
		n8n,
		env,
		join(folder, 'imports', 'credentials.json'),
		join(folder, 'imports', 'workflows'),
	);
});

afterAll(() => {
	simulator?.kill('SIGTERM');
	if (folder) rmSync(folder, { recursive: true, force: true });
});

// The customer sync example reads and writes a CRM in PostgreSQL, which this file's lines and lanes do not start:
// test/e2e/crmSync.e2e.test.js runs it as shipped (the table its note gives, its credentials filled in) against a
// PostgreSQL of its own, on the newest line; on every line, the sandbox's end-to-end test checks that each of its
// nodes is one n8n has in its version. Here it is only checked that it is run there.
test('customer sync (examples/customer-sync.json) is not run here: it needs PostgreSQL, and test/e2e/crmSync.e2e.test.js runs it as shipped', () => {
	const example = JSON.parse(
		readFileSync(join(__dirname, '..', '..', 'examples', 'customer-sync.json'), 'utf8'),
	);
	expect(example.nodes.filter((n) => n.type === 'n8n-nodes-base.postgres')).not.toEqual([]);
	const { crmSyncExample } = require('../sandbox/crmSyncExample.js');
	expect(crmSyncExample({ typePrefix: 'n8n-nodes-telco-billing.' })).toEqual(example);
	expect(readFileSync(join(__dirname, 'crmSync.e2e.test.js'), 'utf8')).toContain(
		"require('../sandbox/crmSyncHarness.js')",
	);
});

test('CDR import: the CSV becomes five CDRs; a re-run is idempotent (duplicates count as success)', async () => {
	const first = execute('Telco Billing example: CDR file import');
	expect(first.output('Add CDRs')[0].map((r) => r.yourid)).toEqual([
		'switch-0001',
		'switch-0002',
		'switch-0003',
		'switch-0004',
		'switch-0005',
	]);
	expect(first.output('Import Status')[0]).toEqual([
		{ source: 'demo-switch', latest_date: '2026-11-20 09:20:30' },
	]);
	const second = execute('Telco Billing example: CDR file import');
	expect(second.output('Add CDRs')[0].every((r) => r.duplicate === true)).toBe(true);
	const { cdrs } = await simulatorGet('/__simulator/cdrs?source=demo-switch');
	expect(cdrs.map((c) => c.orig_id)).toEqual([
		'switch-0001',
		'switch-0002',
		'switch-0003',
		'switch-0004',
		'switch-0005',
	]);
});

/** A raw MIME message (the simulator's mailbox keeps mail as sent) as its leaf parts, bodies decoded. */
function mimeParts(raw) {
	const split = raw.indexOf('\r\n\r\n');
	const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
	const body = raw.slice(split + 4);
	const field = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
	const type = field('Content-Type');
	const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
	if (boundary)
		return body
			.split(`--${boundary}`)
			.slice(1, -1)
			.flatMap((part) => mimeParts(part.replace(/^\r\n/, '')));
	const encoding = field('Content-Transfer-Encoding').toLowerCase();
	let text = body;
	if (encoding === 'base64') text = Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable')
		text = Buffer.from(
			body
				.replace(/=\r\n/g, '')
				.replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
			'latin1',
		).toString('utf8');
	const fileName = /filename="?([^";]+)"?/i.exec(`${field('Content-Disposition')};${type}`)?.[1];
	return [{ type: type.split(';')[0].trim().toLowerCase(), fileName, text }];
}

test('scheduled report: ONE mail to finance, the Aged Receivables table in its body and its rows as a CSV', async () => {
	const before = (await simulatorGet('/__simulator/mailbox')).messages.length;
	// n8n execute starts at a Manual Trigger only ("Missing node to start execution" for a Schedule Trigger):
	// the example's Run Now feeds the same Report and Send Email nodes the schedule does.
	const { output } = execute('Telco Billing example: weekly receivables report by email');
	const { records } = await simulatorGet('/__simulator/state/customers');
	const owing = records.filter((c) => c.deptid === 1 && c.balance > 0);
	const [report] = output('Aged Receivables')[0];
	expect(report).toMatchObject({ report: 'Aged Receivables', count: owing.length });
	const { messages } = await simulatorGet('/__simulator/mailbox');
	expect(messages.length - before).toBe(1);
	const mail = messages[messages.length - 1];
	expect(mail).toMatchObject({
		to: ['finance@telco.example'],
		subject: expect.stringMatching(/^Aged receivables, /),
	});
	const parts = mimeParts(mail.message);
	const html = parts.find((part) => part.type === 'text/html');
	const total = (owing.reduce((sum, c) => sum + Math.round(c.balance * 100), 0) / 100).toFixed(2);
	expect(html.text).toContain(`${owing.length} customers owe $${total} in total`);
	expect(html.text).toContain(report.html);
	expect(html.text.match(/<tbody>.*<\/tbody>/s)[0].match(/<tr>/g)).toHaveLength(owing.length);
	const csv = parts.find((part) => part.type === 'text/csv');
	expect(csv.fileName).toMatch(/^aged-receivables_\d{4}-\d{2}-\d{2}\.csv$/);
	const [header, ...lines] = csv.text
		.trim()
		.split('\r\n')
		.map((line) => line.split(','));
	// Headed as the table is, for the finance person who opens it; money as the table shows it.
	expect(header).toEqual([
		'Customer ID',
		'Customer',
		'Balance',
		'Current (Not Yet Due)',
		'1-29 Days Overdue',
		'30-59 Days Overdue',
		'60-89 Days Overdue',
		'90-119 Days Overdue',
		'120+ Days Overdue',
	]);
	const rows = lines.map(([cid, , balance]) => ({ cid: Number(cid), balance }));
	expect(rows.map((r) => r.cid).sort()).toEqual(owing.map((c) => c.cid).sort());
	for (const row of rows)
		expect(row.balance).toBe(owing.find((c) => c.cid === row.cid).balance.toFixed(2));
	expect(rows.map((r) => Number(r.balance))).toEqual(
		rows.map((r) => Number(r.balance)).sort((a, b) => b - a),
	);
});

test('campaign: the preview count becomes the confirmed count of the created campaign', async () => {
	const { output } = execute('Telco Billing example: campaign preview, then create');
	const [preview] = output('Preview Audience')[0];
	const [created] = output('Create Campaign')[0];
	expect(created).toMatchObject({
		success: true,
		status: 'queued',
		recipient_count: preview.count,
		confirmed_count: preview.count,
	});
	const { records } = await simulatorGet('/__simulator/state/campaigns');
	expect(records).toEqual([
		expect.objectContaining({ id: created.id, recipients: preview.count, status: 'queued' }),
	]);
});

test('Import File example: the switch export is streamed in; a re-run counts every row as a duplicate', async () => {
	// The other CDR example imported the same file: start from an empty store.
	await fetch(`${simulatorUrl}/__simulator/cdrs/reset`, { method: 'POST' });
	const summary = () =>
		execute('Telco Billing example: CDR file import, streamed').output('Import CDR File')[0];
	expect(summary()).toEqual([
		expect.objectContaining({
			fileName: 'cdrs.csv',
			rowsRead: 5,
			sent: 5,
			accepted: 5,
			duplicates: 0,
			refused: 0,
			refusedRows: [],
			batches: 1,
			firstCallDate: '2026-11-20 09:00:05',
		}),
	]);
	const { cdrs } = await simulatorGet('/__simulator/cdrs?source=demo-switch');
	expect(cdrs.map((c) => c.orig_id)).toEqual([
		'switch-0001',
		'switch-0002',
		'switch-0003',
		'switch-0004',
		'switch-0005',
	]);
	expect(summary()).toEqual([
		expect.objectContaining({ rowsRead: 5, accepted: 0, duplicates: 5, refused: 0 }),
	]);
}, 120_000);

test('a CDR example imported as shipped, its CDR File not filled in, stops at Import File: never green with nothing imported', async () => {
	await fetch(`${simulatorUrl}/__simulator/cdrs/reset`, { method: 'POST' });
	// The file as a user imports it (Import → From file), node types as this n8n loads the package.
	const shipped = JSON.parse(
		readFileSync(join(__dirname, '..', '..', 'examples', 'cdr-file-import.json'), 'utf8')
			.split('n8n-nodes-telco-billing.')
			.join('CUSTOM.'),
	);
	const file = join(folder, 'as-shipped.json');
	writeFileSync(
		file,
		JSON.stringify({ ...shipped, id: 'telcoExampleAsShipped', name: 'CDR example as shipped' }),
	);
	n8nCli(n8n, ['import:workflow', `--input=${file}`], env);
	workflows.push({ id: 'telcoExampleAsShipped', name: 'CDR example as shipped' });
	expect(() => execute('CDR example as shipped')).toThrow(/No file in the input item/);
	const { cdrs } = await simulatorGet('/__simulator/cdrs?source=demo-switch');
	expect(cdrs).toEqual([]);
}, 120_000);

test('a luxon DateTime from an expression reaches the platform as its day, through n8n’s own expression engine (2.41: the isolate; its legacy evaluator is deprecated)', async () => {
	// The unit suite evaluates expressions with n8n-workflow's legacy evaluator (n8n starts the isolate, a
	// library user does not; and under jest the isolate's DateTimes cross realms and are not rebuilt).
	const workflow = {
		id: 'telcoDateTimeExpr1',
		name: 'A DateTime expression in a date field',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'etf',
				name: 'Calculate ETF',
				type: 'CUSTOM.telcoBillingService',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'service',
					operation: 'calculateEtf',
					serviceId: { __rl: true, mode: 'id', value: '20001' },
					date: "={{ DateTime.fromISO('2026-11-22T09:30:00', { zone: 'Australia/Melbourne' }) }}",
				},
				credentials: { telcoBillingApi: { id: 'telcoSandbox', name: 'Telco Billing (sandbox)' } },
			},
		],
		connections: { Start: { main: [[{ node: 'Calculate ETF', type: 'main', index: 0 }]] } },
	};
	const file = join(folder, 'datetime-expression.json');
	writeFileSync(file, JSON.stringify(workflow));
	n8nCli(n8n, ['import:workflow', `--input=${file}`], env);
	workflows.push({ id: workflow.id, name: workflow.name });
	expect(execute(workflow.name).output('Calculate ETF')[0]).toEqual([
		expect.objectContaining({ success: true, etf_date: '2026-11-22' }),
	]);
}, 120_000);
