// What the CRM end-to-end test (test/e2e/crmSync.e2e.test.js) runs the sync with: PostgreSQL holding the CRM (the
// table examples/customer-sync.json's note gives, 1,000 generated contacts), the simulator behind a recorder, a real
// n8n with the example imported as shipped, and one record of each run: the rows as the execution read them, its
// items paired to them, the requests that reached the platform, the customers and the CRM's rows before and after,
// and the figures the test prints at its end. Runs are `n8n execute` (a process of its own, as a queue-mode worker
// runs an execution) or manual executions of one `n8n start` started over its REST API (one process, n8n's regular
// mode). Assertions live in crmSyncChecks.js.
const { chmodSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ensureN8n, executeOutput, n8nCli, n8nCliAsync, n8nEnv, n8nSpawn } = require('./n8n.js');
const { FINISHED_EXECUTION, n8nRest } = require('./n8nRest.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, waitUntil } = require('./waiting.js');
const { psql, queryRows, startPostgres } = require('./postgres.js');
const { startRecorder } = require('./recorder.js');
const { crmContacts, insertSql } = require('./crmContacts.js');
const {
	READ,
	RUN_NOW,
	SYNC,
	TABLE,
	crmSyncCredentials,
	crmSyncExample,
	crmTableSql,
} = require('./crmSyncExample.js');
const { bodyOf, planSync, withCreatedIds } = require('./crmSyncPlan.js');

const KEY = 'demo-key-0001';
const WORKFLOW_ID = crmSyncExample().id;
const STOPPING_ID = crmSyncExample({ stopOnError: true }).id;
const OWNER = {
	email: 'crm-sync@telco-billing.example',
	firstName: 'Crm',
	lastName: 'Sync',
	password: 'Crm-sync-e2e-2026',
};

const sorted = (list) => [...list].sort();
const emailKey = (email) =>
	String(email ?? '')
		.trim()
		.toLowerCase();

/** Emails (ignoring case) two customers of the department or more hold: each a customer made twice. */
function duplicatesOf(customers, deptid = 1) {
	const holders = new Map();
	for (const c of customers.filter((c) => c.deptid === deptid && emailKey(c.email))) {
		const key = emailKey(c.email);
		holders.set(key, [...(holders.get(key) ?? []), c.cid]);
	}
	return new Map([...holders].filter(([, cids]) => cids.length > 1));
}

function crmSyncHarness({ line, log }) {
	const h = {
		contacts: crmContacts(),
		/** Per run: what the test prints at its end. */
		figures: [],
		/** The values and customer each row's fingerprint in the CRM was made of, as the test saw it written back. */
		lastSynced: new Map(),
		simulators: [],
	};
	h.intentOf = new Map(h.contacts.map(({ row, intent }) => [row.id, intent]));
	h.sql = (text) => psql(h.postgres.port, text, { database: 'crm' });
	h.crmRows = () =>
		queryRows(h.postgres.port, `SELECT * FROM ${TABLE} ORDER BY id`, { database: 'crm' });
	h.customers = async () =>
		(await (await fetch(`${h.simulator.url}/__simulator/state/customers`)).json()).records;

	h.setUp = async () => {
		h.n8n = await ensureN8n({ version: line, log });
		log(`n8n ${h.n8n.version}, Node ${h.n8n.nodeVersion}`);
		h.folder = mkdtempSync(join(tmpdir(), 'n8n-telco-crm-'));
		h.pgFolder = mkdtempSync(join(tmpdir(), 'n8n-telco-crm-pg-'));
		chmodSync(h.pgFolder, 0o755);
		h.postgres = await startPostgres(h.pgFolder);
		psql(h.postgres.port, 'CREATE DATABASE crm;');
		// The table as the example's note creates it, then the contacts.
		h.sql(crmTableSql() + insertSql(h.contacts.map(({ row }) => row)));
		h.simulator = await h.startPlatform();
		h.recorder = await startRecorder(h.simulator.url, { key: KEY });
		log(
			`PostgreSQL on 127.0.0.1:${h.postgres.port} (${h.crmRows().length} contacts), simulator ${h.simulator.url}`,
		);
		h.env = n8nEnv(h.n8n, join(h.folder, 'n8n'), {
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			// `execute --rawOutput` prints the run at info.
			N8N_LOG_LEVEL: 'info',
		});
		const credentials = join(h.folder, 'credentials.json');
		const workflow = join(h.folder, 'workflow.json');
		writeFileSync(
			credentials,
			JSON.stringify(
				crmSyncCredentials({
					postgresPort: h.postgres.port,
					database: 'crm',
					billingUrl: h.recorder.url,
					apiKey: KEY,
				}),
			),
		);
		writeFileSync(
			workflow,
			JSON.stringify([crmSyncExample(), crmSyncExample({ stopOnError: true })]),
		);
		n8nCli(h.n8n, ['import:credentials', `--input=${credentials}`], h.env);
		n8nCli(h.n8n, ['import:workflow', `--input=${workflow}`], h.env);
	};

	h.tearDown = async () => {
		await h.stopServer?.();
		h.recorder?.close();
		for (const started of h.simulators) started.child.kill('SIGTERM');
		await h.postgres?.stop();
		if (process.env.TELCO_E2E_KEEP) log(`kept ${h.folder} and ${h.pgFolder}`);
		else
			for (const path of [h.folder, h.pgFolder])
				if (path) rmSync(path, { recursive: true, force: true });
	};

	/** A fresh simulator (with these traits), which the recorder then sends the workflow's requests to. */
	h.startPlatform = async (traits = {}) => {
		const named = Object.entries(traits).map(([name, value]) => `${name}=${value}`);
		const started = await spawnSimulator([
			...ON_FREE_PORTS,
			...(named.length ? ['--traits', named.join(',')] : []),
		]);
		h.simulators.push(started);
		if (h.recorder) h.recorder.retarget(started.url);
		h.simulator = started;
		return started;
	};

	h.platformCall = async (path, body) => {
		const response = await fetch(`${h.simulator.url}${path}`, {
			method: body ? 'POST' : 'GET',
			...(body
				? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
				: {}),
		});
		const answer = await response.json();
		if (!response.ok || answer.success === false)
			throw new Error(`${path}: ${JSON.stringify(answer)}`);
		return answer;
	};

	/** The CRM as before its first sync: the sync's columns cleared, but for the rows carrying an ID from before. */
	h.clearSyncColumns = () => {
		h.sql(
			`UPDATE ${TABLE} SET billing_cid = NULL, billing_fingerprint = NULL, sync_error = NULL, synced_at = NULL;` +
				[...h.intentOf]
					.filter(([, intent]) => intent.carriesId)
					.map(
						([id, intent]) =>
							`UPDATE ${TABLE} SET billing_cid = ${intent.carriesId} WHERE id = ${id};`,
					)
					.join(''),
		);
		h.lastSynced.clear();
	};

	/** The state the plan starts from, and the count of requests so far. */
	h.before = async () => {
		const rowsBefore = h.crmRows();
		const customersBefore = await h.customers();
		return { rowsBefore, customersBefore, first: h.recorder.seen.length, started: Date.now() };
	};

	/**
	 * One `n8n execute` of the example (or of its copy stopping at an error); resolves with its stdout. `env`: more
	 * of n8n's settings (another task-broker port for a second n8n running at the same time).
	 */
	h.execute = (workflowId = WORKFLOW_ID, env = {}) =>
		n8nCliAsync(h.n8n, ['execute', `--id=${workflowId}`, '--rawOutput'], { ...h.env, ...env });

	/**
	 * Two `n8n execute` of the example at once, two processes as two queue-mode workers are, each with its own task
	 * broker; the second starts once `started()` resolves. Both are awaited whatever becomes of either, so no n8n
	 * outlives the call. Resolves with both stdouts.
	 */
	h.executeTwo = async (started) => {
		const one = h.execute();
		const two = started().then(async () =>
			h.execute(WORKFLOW_ID, { N8N_RUNNERS_BROKER_PORT: String(await freePort()) }),
		);
		const settled = await Promise.allSettled([one, two]);
		const failed = settled.find((s) => s.status === 'rejected');
		if (failed) throw failed.reason;
		return settled.map((s) => s.value);
	};

	/**
	 * One execution's record: its items, each paired (through n8n's item pairing) to the row the execution itself
	 * read, so two executions that read the CRM at different moments are each paired right.
	 */
	h.itemsOf = (runData) => {
		const read = (runData[READ]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
		const [succeeded = [], failed = []] = runData[SYNC]?.[0]?.data?.main ?? [];
		const rowOf = (item) => read[item.pairedItem.item];
		return [
			...succeeded.map((item) => ({ row: rowOf(item), json: item.json, ok: true })),
			...failed.map((item) => ({ row: rowOf(item), json: item.json, ok: false })),
		];
	};

	/**
	 * What the fingerprints now in the CRM were made of (the row's values and the customer), for the next run's plan:
	 * only those the write-back stored.
	 */
	h.remember = (items, rowsAfter) => {
		const after = new Map(rowsAfter.map((r) => [r.id, r]));
		for (const { row, json, ok } of items)
			if (ok && json.fingerprint && after.get(row.id)?.billing_fingerprint === json.fingerprint)
				h.lastSynced.set(row.id, { body: bodyOf(row), cid: json.cid });
	};

	/** The figures of a run (or of two executions at once), kept for the table printed at the end. */
	h.figure = (label, { rows, requests, items, customersAfter, extra = {} }) => {
		const count = (test) => items.filter(test).length;
		const figure = {
			label,
			rows,
			requests: requests.length,
			adds: requests.filter((r) => r.line.endsWith('/customer/add')).length,
			updates: requests.filter((r) => r.method === 'POST' && r.path.includes('/customer/update/'))
				.length,
			actions: Object.fromEntries(
				['created', 'updated', 'rewritten', 'unchanged'].map((action) => [
					action,
					count((i) => i.ok && i.json.action === action),
				]),
			),
			errors: count((i) => !i.ok),
			duplicates: duplicatesOf(customersAfter).size,
			items,
			...extra,
		};
		h.figures.push(figure);
		return figure;
	};

	/**
	 * One `n8n execute` of the sync, with what it did: the plan beside it (from the rows and customers before, and
	 * `planOptions` such as the platform's search case), its items, requests and rows.
	 */
	h.syncRun = async (label, planOptions = {}) => {
		const { rowsBefore, customersBefore, first, started } = await h.before();
		const lastSyncedBefore = new Map(h.lastSynced);
		const planned = planSync(rowsBefore, customersBefore, {
			lastSynced: (row) => h.lastSynced.get(row.id),
			...planOptions,
		});
		const stdout = await h.execute();
		const wallMs = Date.now() - started;
		const { run, runData } = executeOutput(stdout);
		const items = h.itemsOf(runData);
		const requests = h.recorder.seen.slice(first);
		const created = items.filter((i) => i.ok && i.json.action === 'created').map((i) => i.json.cid);
		const plan = withCreatedIds(
			planned,
			(rowId) => items.find((i) => i.row.id === rowId)?.json.cid,
		);
		const rowsAfter = h.crmRows();
		const customersAfter = await h.customers();
		h.remember(items, rowsAfter);
		const result = {
			label,
			run,
			plan,
			items,
			created,
			rowsBefore,
			rowsAfter,
			customersBefore,
			customersAfter,
			lastSyncedBefore,
			requests,
			adds: requests.filter((r) => r.line.endsWith('/customer/add')),
			updates: requests.filter((r) => r.method === 'POST' && r.path.includes('/customer/update/')),
		};
		result.figure = h.figure(label, {
			rows: rowsBefore.length,
			requests,
			items,
			customersAfter,
			extra: {
				executionMs: new Date(run.stoppedAt).getTime() - new Date(run.startedAt).getTime(),
				nodeMs: runData[SYNC]?.[0]?.executionTime,
				wallMs,
				// Creates whose answer a fault lost, found by their email afterwards.
				foundAfterLoss: items.filter((i) => i.ok && /answer was lost/.test(String(i.json.why)))
					.length,
			},
		});
		return result;
	};

	/**
	 * `n8n start` on the test's n8n folder (no `n8n execute` may run meanwhile: one SQLite database), its owner
	 * signed in over the REST API; `stopServer` ends it.
	 */
	h.startServer = async () => {
		const port = await freePort();
		const url = `http://127.0.0.1:${port}`;
		const env = {
			...h.env,
			N8N_PORT: String(port),
			N8N_EDITOR_BASE_URL: url,
			N8N_LOG_LEVEL: 'warn',
		};
		const server = n8nSpawn(h.n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
		h.stopServer = async () => {
			h.stopServer = undefined;
			if (server.exitCode !== null) return;
			const exited = new Promise((resolve) => server.once('exit', resolve));
			server.kill('SIGTERM');
			await exited;
		};
		await waitUntil(
			'n8n to answer',
			async () => (await fetch(`${url}/rest/settings`).catch(() => undefined))?.ok,
			180,
		);
		const api = n8nRest(url, h.n8n, 'telco-crm-sync-e2e');
		await api.setUpOwner(OWNER);
		await api.login(OWNER);
		h.api = api;
		return api;
	};

	/** A manual execution of the example in the running n8n (what the editor's Execute Workflow button starts). */
	h.startManual = async () => {
		const { json } = await h.api.rest('POST', `/rest/workflows/${WORKFLOW_ID}/run`, {
			triggerToStartFrom: { name: RUN_NOW },
		});
		const id = (json.data ?? json).executionId;
		if (!id) throw new Error(`n8n started no execution: ${JSON.stringify(json)}`);
		return String(id);
	};

	/**
	 * Waits for a manual execution to end; its status and run data. A poll the busy server drops (a kept-alive
	 * connection closed as it was reused) or answers 503 ("Database is not ready!" while SQLite is busy with the
	 * executions' writes) is asked again.
	 */
	h.manualResult = async (id) => {
		let execution;
		await waitUntil(
			`execution ${id} to end`,
			async () => {
				const list = await h.api.executionsOf(WORKFLOW_ID).catch((error) => {
					if (/fetch failed|HTTP 503/.test(error.message)) return [];
					throw error;
				});
				execution = list.find((e) => String(e.id) === id);
				return execution && FINISHED_EXECUTION.includes(execution.status);
			},
			600,
			1000,
		);
		const data = await waitUntil(
			`execution ${id}'s data`,
			() =>
				h.api.runDataOf(id).catch((error) => {
					if (/fetch failed|HTTP 503/.test(error.message)) return undefined;
					throw error;
				}),
			60,
			1000,
		);
		return { status: execution.status, runData: data.resultData.runData, data };
	};

	/** Resolves once `count` requests after the first `since` have reached the platform: a run is under way. */
	h.requestsSeen = (since, count) =>
		waitUntil(
			`${count} requests to reach the platform`,
			() => h.recorder.seen.length - since >= count,
			300,
			20,
		);

	return h;
}

module.exports = { KEY, STOPPING_ID, WORKFLOW_ID, crmSyncHarness, duplicatesOf, emailKey, sorted };
