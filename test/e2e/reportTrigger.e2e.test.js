// The Telco Billing Report Trigger in a real n8n on the newest line: published workflows polled by `n8n start`
// every 10 seconds against the simulator in its own process, while days pass on the simulator
// (POST /__simulator/advance: bill runs, payments, services starting and ending, customers leaving).
//   - A workflow with one trigger a kind of event (Account Overdue, Customer Ended, Service Started, Invoice
//     Issued, Report Rows Added or Changed on Total Services Summary): every event the simulator's own reports
//     owe between two steps arrives, once; nothing else arrives; the state the platform had at publication is never
//     an event.
//   - The dunning and churn examples, as shipped but polling every 10 s: each overdue account's contacts get the
//     letter of its band through n8n's Send Email (the simulator's mail sink), and the customer's timeline notes
//     it; each customer who left becomes a win-back lead.
// Newest supported line only (the trigger is the same on every line; the examples use n8n's own nodes).
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	activateWorkflow,
	ensureN8n,
	importInto,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { NEWEST } = require('../sandbox/n8n-lines.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, sleep, waitUntil } = require('../sandbox/waiting.js');
const { FINISHED_EXECUTION, n8nRest } = require('../sandbox/n8nRest.js');

const line = requestedVersion([]);
const log = (text) =>
	process.stderr.write(`[report trigger e2e ${new Date().toISOString().slice(11, 19)}] ${text}\n`);
const KEY = 'demo-key-0001';
const EVENTS_ID = 'telcoE2eReportEvents';
const DUNNING_ID = 'telcoExampleDunning';
const CHURN_ID = 'telcoExampleChurn';
const POLL_TIMES = [5, 15, 25, 35, 45, 55].map((second) => ({
	mode: 'custom',
	cronExpression: `${second} * * * * *`,
}));
const OWNER = {
	email: 'e2e-report@telco-billing.example',
	firstName: 'End',
	lastName: 'ToEnd',
	password: 'E2e-Report-2026',
};
const WATCHED = [
	{ name: 'Account Overdue', parameters: { event: 'accountOverdue' } },
	{ name: 'Customer Ended', parameters: { event: 'customerEnded' } },
	{ name: 'Service Started', parameters: { event: 'serviceStarted' } },
	{ name: 'Invoice Issued', parameters: { event: 'invoiceIssued' } },
	{
		name: 'Service Counts',
		parameters: { event: 'reportRows', report: 'totalServicesSummary' },
	},
];
const BANDS = ['overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'];

let n8n;
let folder;
let server;
let simulator;
let simulatorUrl;
let api;
const delivered = new Map();

async function sim(method, path, body) {
	const response = await fetch(`${simulatorUrl}${path}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const json = await response.json();
	if (!response.ok) throw new Error(`simulator ${method} ${path}: ${JSON.stringify(json)}`);
	return json;
}

const melbourneToday = () =>
	new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
const daysBefore = (day, n) =>
	new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** A report as the trigger asks for it, from the simulator's API. */
async function report(name) {
	const today = melbourneToday();
	const options =
		name === 'agedReceivables'
			? { date: today }
			: name === 'totalServicesSummary'
				? { date_to: `${today} 23:59:59` }
				: { date_from: `${daysBefore(today, 6)} 00:00:00`, date_to: `${today} 23:59:59` };
	return (await sim('POST', `/${KEY}/report`, { report: name, report_options: options })).data;
}

/** What every watched event sees of the platform now. */
async function snapshot() {
	const level = (row) => BANDS.reduce((l, band, k) => (Number(row[band]) > 0 ? k + 1 : l), 0);
	return {
		overdue: new Map((await report('agedReceivables')).map((row) => [row.cid, level(row)])),
		ended: new Map((await report('customerEndedDetail')).map((row) => [row.cid, row.lastDate])),
		services: new Set((await report('newServices')).map((row) => row.enid)),
		invoices: new Set((await report('salesInvoiceDetail')).map((row) => row.iid)),
		counts: new Map(
			(await report('totalServicesSummary')).map((row) => [row.service_type, JSON.stringify(row)]),
		),
	};
}

/** The events a watcher owes between two snapshots, spelled as eventKey spells a delivered one. */
function owed(before, after) {
	const out = [];
	for (const [cid, level] of after.overdue)
		if (level >= 1 && level > (before.overdue.get(cid) ?? 0))
			out.push(`Account Overdue ${cid} ${BANDS[level - 1]}`);
	for (const [cid, lastDate] of after.ended)
		if (!before.ended.has(cid) || before.ended.get(cid) < lastDate)
			out.push(`Customer Ended ${cid}`);
	for (const enid of after.services)
		if (!before.services.has(enid)) out.push(`Service Started ${enid}`);
	for (const iid of after.invoices)
		if (!before.invoices.has(iid)) out.push(`Invoice Issued ${iid}`);
	for (const [type, row] of after.counts) {
		const was = before.counts.get(type);
		if (was !== row) out.push(`Service Counts ${was ? 'changed' : 'added'} ${type}`);
	}
	return out.sort();
}

function eventKey(node, json) {
	if (json.event === 'accountOverdue') return `${node} ${json.cid} ${json.band}`;
	if (json.event === 'customerEnded') return `${node} ${json.cid}`;
	if (json.event === 'serviceStarted') return `${node} ${json.enid}`;
	if (json.event === 'invoiceIssued') return `${node} ${json.iid}`;
	return `${node} ${json.change} ${json.row.service_type}`;
}

/** Every event the events workflow delivered so far, read from its finished executions. */
async function events() {
	for (const execution of await api.executionsOf(EVENTS_ID)) {
		if (delivered.has(execution.id) || !FINISHED_EXECUTION.includes(execution.status)) continue;
		const data = await api.runDataOf(execution.id);
		const keys = WATCHED.flatMap(({ name }) =>
			(data.resultData.runData[name]?.[0]?.data?.main?.[0] ?? []).map((item) =>
				eventKey(name, item.json),
			),
		);
		delivered.set(execution.id, { status: execution.status, keys });
	}
	return [...delivered.values()].flatMap((e) => e.keys);
}

function workflow() {
	const nodes = WATCHED.flatMap(({ name, parameters }, i) => [
		{
			parameters: { pollTimes: { item: POLL_TIMES }, ...parameters, options: {} },
			id: `7e2e0000-0000-4000-8000-00000000000${i}`,
			name,
			type: 'CUSTOM.telcoBillingReportTrigger',
			typeVersion: 1,
			position: [0, i * 200],
			credentials: { telcoBillingApi: { id: 'telcoSandbox', name: 'Telco Billing (sandbox)' } },
		},
		{
			parameters: {},
			id: `7e2e0000-0000-4000-8000-00000000010${i}`,
			name: `${name} Received`,
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [300, i * 200],
		},
	]);
	return {
		id: EVENTS_ID,
		name: 'Telco Billing e2e: report events',
		active: false,
		nodes,
		connections: Object.fromEntries(
			WATCHED.map(({ name }) => [
				name,
				{ main: [[{ node: `${name} Received`, type: 'main', index: 0 }]] },
			]),
		),
		settings: {
			executionOrder: 'v1',
			saveDataSuccessExecution: 'all',
			saveDataErrorExecution: 'all',
		},
	};
}

/** Resolves once every trigger has made another poll (a report request each) after `since` requests. */
async function pollRound(since, rounds = 1) {
	const count = async () =>
		(await sim('GET', '/__simulator/stats')).byEndpoint['POST /report']?.requests ?? 0;
	const from = since ?? (await count());
	// Seven triggers: five in the events workflow, one in each example.
	await waitUntil(
		'a poll of every trigger',
		async () => (await count()) >= from + 7 * rounds,
		60,
		500,
	);
	await sleep(3000);
	return await count();
}

(line === NEWEST ? describe : describe.skip)(`the Report Trigger in n8n ${NEWEST}`, () => {
	beforeAll(
		async () => {
			n8n = await ensureN8n({ version: line, log });
			const spawned = await spawnSimulator(ON_FREE_PORTS);
			simulator = spawned.child;
			simulatorUrl = spawned.url;
			folder = mkdtempSync(join(tmpdir(), 'n8n-telco-report-trigger-e2e-'));
			const port = await freePort();
			const n8nUrl = `http://127.0.0.1:${port}`;
			api = n8nRest(n8nUrl, n8n, 'telco-report-e2e');
			const env = n8nEnv(n8n, join(folder, 'n8n'), {
				N8N_PORT: String(port),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_EDITOR_BASE_URL: n8nUrl,
				N8N_LOG_LEVEL: 'warn',
				EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			});
			const imports = join(folder, 'imports');
			prepareImports(imports, { simulatorUrl, apiKey: KEY, smtpPort: spawned.smtpPort });
			// The examples as shipped, polling every 10 s instead of every hour.
			for (const file of ['dunning.json', 'churn-follow-up.json']) {
				const path = join(imports, 'workflows', file);
				const example = JSON.parse(readFileSync(path, 'utf8'));
				for (const node of example.nodes)
					if (node.parameters.pollTimes) node.parameters.pollTimes = { item: POLL_TIMES };
				example.settings = { ...example.settings, saveDataSuccessExecution: 'all' };
				writeFileSync(path, JSON.stringify(example));
			}
			writeFileSync(join(imports, 'workflows', 'report-events.json'), JSON.stringify(workflow()));
			importInto(n8n, env, join(imports, 'credentials.json'), join(imports, 'workflows'));
			for (const id of [EVENTS_ID, DUNNING_ID, CHURN_ID]) activateWorkflow(n8n, id, env);
			server = n8nSpawn(n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
			await waitUntil(
				'n8n to answer',
				async () =>
					await fetch(`${n8nUrl}/rest/settings`).then(
						(r) => r.ok,
						() => false,
					),
				150,
			);
			await api.setUpOwner(OWNER);
			await api.login(OWNER);
			// The activation polls and one scheduled round: the platform as published is the baseline.
			await pollRound(0, 2);
		},
		10 * 60 * 1000,
	);

	afterAll(async () => {
		if (server && server.exitCode === null) {
			server.kill('SIGTERM');
			await new Promise((resolve) => server.once('exit', resolve));
		}
		simulator?.kill('SIGTERM');
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	const owes = [];

	test(
		'days pass in three steps: every event the reports owe arrives once, and nothing else',
		async () => {
			for (const days of [12, 12, 12]) {
				const before = await snapshot();
				const passed = await sim('POST', '/__simulator/advance', { days });
				const step = owed(before, await snapshot());
				owes.push(...step);
				log(
					`${days} days: ${passed.billRuns.length} bill runs, ${passed.payments} payments, ` +
						`${passed.servicesStarted.length} services started, ${passed.customersEnded.length} customers left; ` +
						`${step.length} events owed`,
				);
				await waitUntil(
					`the events of ${days} days`,
					async () => {
						const got = await events();
						return step.every((key) => got.includes(key));
					},
					60,
					1000,
				);
			}
			await pollRound();
			// The same key may be owed twice (a service count changed in two steps): compared as lists, each once.
			const got = (await events()).sort();
			expect(got).toEqual([...owes].sort());
			for (const name of WATCHED.map((w) => w.name))
				expect([name, owes.some((key) => key.startsWith(`${name} `))]).toEqual([name, true]);
			expect([...delivered.values()].every((e) => e.status === 'success')).toBe(true);
		},
		5 * 60 * 1000,
	);

	test('the dunning example mailed each overdue account’s contacts the letter of its band and noted it on the timeline', async () => {
		const overdue = owes
			.filter((key) => key.startsWith('Account Overdue '))
			.map((key) => key.split(' '))
			.map(([, , cid, band]) => ({ cid: Number(cid), band }));
		const letters = {
			overdue0: 'A friendly reminder',
			overdue30: 'Second notice',
			overdue60: 'Final notice',
			overdue90: 'Notice of suspension',
			overdue120: 'Referral to collections',
		};
		// One letter a contact of each account that moved (the example's last node may still be writing).
		let mails = 0;
		const expected = [];
		for (const { cid, band } of overdue) {
			const { contacts } = await sim('GET', `/${KEY}/customer/${cid}/contacts`);
			mails += contacts.length;
			for (const contact of contacts) expected.push(`${contact.email} ${letters[band]}`);
		}
		await waitUntil(
			'the reminders and their timeline notes',
			async () =>
				(await sim('GET', '/__simulator/state/timeline')).records.filter((t) =>
					/^Overdue reminder/.test(t.title),
				).length >= mails,
			60,
			1000,
		);
		const { messages } = await sim('GET', '/__simulator/mailbox');
		expect(messages.map((m) => `${m.to.join(',')} ${m.subject.split(':')[0]}`).sort()).toEqual(
			expected.sort(),
		);
		const { records: timeline } = await sim('GET', '/__simulator/state/timeline');
		const notes = timeline.filter((t) => /^Overdue reminder/.test(t.title));
		for (const { cid } of overdue)
			expect([
				cid,
				notes.some((t) => t.module === 'customers' && t.record === String(cid)),
			]).toEqual([cid, true]);
		expect(notes.length).toBe(mails);
	}, 120_000);

	test('the churn example made one win-back lead for each customer who left', async () => {
		const ended = owes
			.filter((key) => key.startsWith('Customer Ended '))
			.map((key) => Number(key.split(' ')[2]));
		const { records: customers } = await sim('GET', '/__simulator/state/customers');
		const { records: leads } = await sim('GET', '/__simulator/state/leads');
		const winBack = leads.filter((lead) => lead.source === 'churn');
		expect(winBack.map((lead) => lead.company).sort()).toEqual(
			ended.map((cid) => customers.find((c) => c.cid === cid).company).sort(),
		);
		for (const lead of winBack) expect(lead.notes).toMatch(/^Win-back: left on \d{4}-\d{2}-\d{2} /);
	}, 60_000);
});
