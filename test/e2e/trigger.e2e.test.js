// The Telco Billing Trigger in a real n8n: a published workflow polled by `n8n start` every 10 seconds,
// against the simulator in its own process behind a small proxy of this test's own (which can make the
// campaign listing answer slowly). The simulator is driven through a scripted timeline; every event n8n
// delivered is read back from its executions (REST API) and compared with what the simulator's state says
// happened: each change exactly once, none missed, none twice. Timeline:
//   running:  campaigns created and moved through their statuses by sender runs, CDRs appended (and rated);
//   restart:  n8n stopped, changes made meanwhile, n8n started again: each change arrives once;
//   overlap:  the first request of a poll answers after 13 s, so the next poll starts before it ends;
//   after:    later changes still arrive once;
//   failure:  one poll gets an HTTP 500 page that echoes the request path (key included): the next catches up.
// Finally n8n's database files and its log (level debug) are searched for the API key in every spelling.
// The whole timeline runs once per way n8n can schedule polls (MODES): its classic in-process cron, and its
// durable scheduler with durable cursors (n8n 2.36 and later; TELCO_TRIGGER_MODES=classic|durable for one).
// Before the first start a backlog is made (a campaign, CDRs): the first poll must only record it.
// TELCO_E2E_KEEP=1 keeps the temporary folder (n8n's files and n8n.log) for a look afterwards.
const http = require('node:http');
const {
	createWriteStream,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	activateWorkflow,
	ensureN8n,
	importInto,
	n8nEnv,
	n8nSpawn,
	requestedVersion,
	ROOT,
} = require('../sandbox/n8n.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, sleep, waitUntil } = require('../sandbox/waiting.js');
const { FINISHED_EXECUTION, n8nRest } = require('../sandbox/n8nRest.js');

// A key with characters that mean something in a URL and in a form: it must never be written down by n8n.
const KEY = 'e2e key/9f?x=1&y';
const SOURCE = 'demo-switch';
const WORKFLOW_ID = 'telcoE2eTrigger1';
const TRIGGER = 'Telco Billing Trigger';
// Every 10 s. n8n 2.41 refuses a cron that fires more than once a minute (2.8 refuses only `*` in the seconds
// field), so: six poll times, each a cron firing once a minute at its own second.
const POLL_TIMES = [5, 15, 25, 35, 45, 55].map((second) => ({
	mode: 'custom',
	cronExpression: `${second} * * * * *`,
}));
const SLOW_MS = 13_000;
const OWNER = {
	email: 'e2e@telco-billing.example',
	firstName: 'End',
	lastName: 'ToEnd',
	password: 'E2e-Trigger-2026',
};
const FINISHED = ['completed', 'cancelled'];

/**
 * How n8n schedules the trigger's polls. classic: a cron in the n8n process; the trigger's static data is
 * saved after a poll that emitted. durable: n8n's durable scheduler (2.32+) runs each poll as a task on a new
 * Workflow object, and with durable cursors (2.36+) the static data is a cursor in n8n's database, committed
 * with the execution (or alone after a poll that emitted nothing) and dropped when the poll throws; a poll
 * time missed (n8n stopped) by more than its misfire grace is skipped, not caught up. Durable cursors need
 * the scheduler itself on too (N8N_SCHEDULER_ENABLED): n8n warns and keeps them off otherwise.
 */
const MODES = {
	classic: { since: '0', env: {} },
	durable: {
		since: '2.36.0',
		env: {
			N8N_SCHEDULER_ENABLED: 'true',
			N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
			N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
			// A poll time missed by more than this is skipped, within it run late (default 60 s): 5 s, so the
			// restart step's 22 s stop skips poll times instead of running them late.
			N8N_SCHEDULER_MISFIRE_GRACE: '5',
		},
	},
};
const ASKED_MODES = (process.env.TELCO_TRIGGER_MODES ?? Object.keys(MODES).join(','))
	.split(',')
	.filter(Boolean);
const atLeast = (version, since) => {
	const [a, b] = [version, since].map((v) => v.split('.').map(Number));
	for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
	return true;
};
const LINE = requestedVersion([]);

let mode = 'classic';
const log = (line) =>
	process.stderr.write(`[trigger e2e ${mode} ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

let n8n;
let env;
let folder;
let userFolder;
let logFile;
let logStream;
let server;
let n8nUrl;
let simulator;
let simulatorUrl;
let proxy;
let api;
let recipients;
let cdrClock = 0;
let backlog;
const timings = {};

// --- The proxy in front of the simulator -------------------------------------------------------------

/**
 * Forwards everything to the simulator; while `slowMs` is set, each request for the first page of campaigns
 * (the first request of every poll) is held that long before it is forwarded, so what it reads is the state
 * at the end of the wait. It records each request's kind and timing, never its path (the path holds the key).
 */
function startProxy(target) {
	const upstream = new URL(target);
	const state = { slowMs: 0, held: 0, maxHeld: 0, requests: [] };
	const timers = new Set();
	const kindOf = (url) => {
		const path = url.split('?')[0].replace(/^\/[^/]*/, '');
		if (path === '/customer/bulk-email/page/1') return 'page1';
		if (path === '/cdr/status') return 'imported';
		if (path === '/cdr/ratingStatus') return 'rated';
		if (/^\/customer\/bulk-email\/\d+$/.test(path)) return 'campaign';
		return 'other';
	};
	const httpServer = http.createServer((req, res) => {
		const entry = { kind: kindOf(req.url), started: Date.now(), ended: undefined, slow: false };
		state.requests.push(entry);
		const body = [];
		req.on('data', (chunk) => body.push(chunk));
		req.on('end', async () => {
			if (entry.kind === 'page1' && state.slowMs > 0) {
				entry.slow = true;
				state.held++;
				state.maxHeld = Math.max(state.maxHeld, state.held);
				await new Promise((resolve) => {
					const timer = setTimeout(() => timers.delete(timer) && resolve(), state.slowMs);
					timers.add(timer);
				});
				state.held--;
			}
			const forward = http.request(
				{
					host: upstream.hostname,
					port: upstream.port,
					method: req.method,
					path: req.url,
					headers: { ...req.headers, host: upstream.host },
				},
				(answer) => {
					res.writeHead(answer.statusCode, answer.headers);
					answer.pipe(res);
					answer.on('end', () => (entry.ended = Date.now()));
				},
			);
			forward.on('error', () => res.destroy());
			forward.end(Buffer.concat(body));
		});
	});
	return new Promise((resolve) => {
		httpServer.listen(0, '127.0.0.1', () => {
			resolve({
				state,
				url: `http://127.0.0.1:${httpServer.address().port}`,
				close: () => {
					for (const timer of timers) clearTimeout(timer);
					httpServer.closeAllConnections();
					httpServer.close();
				},
			});
		});
	});
}

/**
 * Resolves once a whole poll has run since `since` (default: now): a first-page request that started after
 * it, and the rating-status read (the last request of every poll) that followed it, both answered.
 */
async function completePoll(since = Date.now(), seconds = 40) {
	await waitUntil(
		'a complete poll',
		() => {
			const first = proxy.state.requests.find(
				(r) => r.kind === 'page1' && r.started >= since && r.ended,
			);
			return (
				first &&
				proxy.state.requests.some((r) => r.kind === 'rated' && r.started >= first.ended && r.ended)
			);
		},
		seconds,
	);
	// The execution is written just after the poll: give n8n a moment.
	await sleep(1500);
}

// --- The simulator: changes and snapshots --------------------------------------------------------------

async function simulatorCall(method, path, body) {
	const response = await fetch(`${simulatorUrl}${path}`, {
		method,
		headers: body ? { 'content-type': 'application/json' } : {},
		body: body ? JSON.stringify(body) : undefined,
	});
	const json = await response.json();
	if (!response.ok || json.success === false)
		throw new Error(
			`simulator ${method} ${path.replace(encodeURIComponent(KEY), '<key>')}: ${JSON.stringify(json)}`,
		);
	return json;
}

const keyed = (path) => `/${encodeURIComponent(KEY)}${path}`;

async function createCampaign(subject) {
	const created = await simulatorCall('POST', keyed('/customer/bulk-email'), {
		subject,
		content: `<p>${subject}</p>`,
		customer_ids: recipients,
	});
	return created.id;
}

const runSender = () => simulatorCall('POST', '/__simulator/bulk-email/run');

/**
 * Appends CDRs with the next minutes as start dates (rating runs inline): the source's dates move
 * forward.
 */
async function appendCdrs(count) {
	const startdates = [];
	for (let i = 0; i < count; i++) {
		cdrClock++;
		startdates.push(
			`2026-11-21 ${String(10 + Math.floor(cdrClock / 60)).padStart(2, '0')}:${String(cdrClock % 60).padStart(2, '0')}:00`,
		);
	}
	await simulatorCall('POST', '/__simulator/cdrs/append', { source: SOURCE, startdates });
}

/** What the simulator holds now: each campaign's status, and the source's latest imported and rated dates. */
async function snapshot() {
	const { records } = await simulatorCall('GET', '/__simulator/state/campaigns');
	const imported = await simulatorCall('GET', keyed('/cdr/status'));
	const rated = await simulatorCall('GET', keyed('/cdr/ratingStatus'));
	const dateOf = (body) => body.data.find((row) => row.source === SOURCE).latest_date;
	return {
		campaigns: new Map(records.filter((c) => c.deptid === 1).map((c) => [c.id, c.status])),
		imported: dateOf(imported),
		rated: dateOf(rated),
	};
}

/**
 * The events a watcher of every event owes between two snapshots: a campaign seen for the first time is
 * new (and finished if it already is), a known one that moved has changed status (and finished if it
 * ended), a source whose dates moved was imported or rated.
 */
function owed(before, after) {
	const events = [];
	for (const [id, status] of after.campaigns) {
		const previous = before.campaigns.get(id);
		if (previous === undefined) {
			events.push(`newCampaign #${id} ${status}`);
			if (FINISHED.includes(status)) events.push(`campaignFinished #${id} - -> ${status}`);
		} else if (previous !== status && !FINISHED.includes(previous)) {
			events.push(`campaignStatusChanged #${id} ${previous} -> ${status}`);
			if (FINISHED.includes(status))
				events.push(`campaignFinished #${id} ${previous} -> ${status}`);
		}
	}
	if (after.imported !== before.imported)
		events.push(`cdrsImported ${SOURCE} ${before.imported} -> ${after.imported}`);
	if (after.rated !== before.rated)
		events.push(`cdrsRated ${SOURCE} ${before.rated} -> ${after.rated}`);
	return events.sort();
}

/** The same spelling for one delivered item. */
function eventKey(json) {
	if (json.campaign) {
		const { id, status } = json.campaign;
		if (json.event === 'newCampaign') return `newCampaign #${id} ${status}`;
		if (json.event === 'campaignFinished')
			return `campaignFinished #${id} ${json.previousStatus ?? '-'} -> ${status}`;
		return `${json.event} #${id} ${json.previousStatus} -> ${status}`;
	}
	return `${json.event} ${json.source} ${json.previousDate} -> ${json.latest_date}`;
}

// --- n8n: start, stop, the REST API ------------------------------------------------------------------

/** How many polls have stepped aside so far because the previous poll of the workflow still ran. */
function skippedPolls() {
	return (
		readFileSync(logFile, 'utf8').match(
			/the previous poll is still running; this one is skipped/g,
		) ?? []
	).length;
}

/** How many polls on the durable scheduler have committed a cursor with no execution (n8n's debug log). */
function cursorCommits() {
	return (
		readFileSync(logFile, 'utf8').match(/Poll returned no new data; nothing to hand off/g) ?? []
	).length;
}

async function startN8n() {
	const started = Date.now();
	logStream.write(`\n===== n8n start ${new Date().toISOString()} =====\n`);
	server = n8nSpawn(n8n, ['start'], env, ['ignore', 'pipe', 'pipe']);
	server.stdout.pipe(logStream, { end: false });
	server.stderr.pipe(logStream, { end: false });
	const exited = new Promise((resolve) => server.once('exit', resolve));
	server.exited = exited;
	let gone = false;
	exited.then(() => (gone = true));
	await waitUntil(
		'n8n to answer',
		async () => {
			if (gone)
				throw new Error(
					`n8n stopped while starting; its log: ${logFile}\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
				);
			return await fetch(`${n8nUrl}/rest/settings`).then(
				(r) => r.ok,
				() => false,
			);
		},
		150,
	);
	log(`n8n answered after ${Math.round((Date.now() - started) / 1000)} s`);
	return Date.now() - started;
}

async function stopN8n() {
	if (!server || server.exitCode !== null || server.signalCode !== null) return;
	const started = Date.now();
	server.kill('SIGTERM');
	let timer;
	const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve('timeout'), 30_000)));
	if ((await Promise.race([server.exited, timeout])) === 'timeout') {
		server.kill('SIGKILL');
		await server.exited;
	}
	clearTimeout(timer);
	log(`n8n stopped in ${Math.round((Date.now() - started) / 1000)} s`);
}

const seen = new Map();

/** Every finished execution of the workflow, each with the trigger's items; read once, then from memory. */
async function executions() {
	// One page of at most 100 (the largest n8n serves); the timeline makes far fewer.
	const listed = await api.executionsOf(WORKFLOW_ID);
	if (listed.length >= 100) throw new Error('100 executions or more: the timeline makes far fewer');
	for (const execution of listed) {
		if (seen.has(execution.id) || !FINISHED_EXECUTION.includes(execution.status)) continue;
		const data = await api.runDataOf(execution.id);
		const items = data.resultData.runData[TRIGGER]?.[0]?.data?.main?.[0] ?? [];
		seen.set(execution.id, {
			id: execution.id,
			status: execution.status,
			error: data.resultData.error?.message,
			events: items.map((item) => eventKey(item.json)),
			items,
		});
	}
	return [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

async function delivered() {
	return (await executions()).flatMap((e) => e.events);
}

const countOf = (list, key) => list.filter((k) => k === key).length;

/**
 * Waits until every owed event has been delivered at least once. The poll that delivered them has ended
 * by then (a poll stores its state before it emits), so the next change cannot be folded into it.
 */
async function waitForDelivery(what, keys, seconds = 30) {
	await waitUntil(
		`${what}: ${keys.join('; ')}`,
		async () => {
			const all = await delivered();
			return keys.every((k) => all.includes(k));
		},
		seconds,
		500,
	);
}

// --- The run --------------------------------------------------------------------------------------

const expected = [];

for (const name of ASKED_MODES) {
	const spec = MODES[name];
	if (!spec)
		throw new Error(`TELCO_TRIGGER_MODES: no mode ${name} (${Object.keys(MODES).join(', ')})`);
	// The durable scheduler does not exist before n8n 2.36: the mode is skipped on older lines, saying so.
	(atLeast(LINE, spec.since) ? describe : describe.skip)(
		`polls on the ${name} scheduler${atLeast(LINE, spec.since) ? '' : ` (n8n ${spec.since} and later)`}`,
		() => {
			modeTimeline(name, spec);
		},
	);
}

function modeTimeline(name, spec) {
	beforeAll(
		async () => {
			const begun = Date.now();
			mode = name;
			seen.clear();
			expected.length = 0;
			cdrClock = 0;
			for (const key of Object.keys(timings)) delete timings[key];
			n8n = await ensureN8n({ version: requestedVersion([]), log });
			log(`n8n ${n8n.version} on Node ${n8n.nodeVersion}`);
			folder = mkdtempSync(join(tmpdir(), 'n8n-telco-trigger-e2e-'));
			userFolder = join(folder, 'n8n');
			logFile = join(folder, 'n8n.log');
			logStream = createWriteStream(logFile);

			// The seeded demo key's department and rights, under the test key.
			const seed = JSON.parse(readFileSync(join(ROOT, 'test', 'simulator', 'seed.json'), 'utf8'));
			seed.keys = seed.keys.map((k) => (k.key === 'demo-key-0001' ? { ...k, key: KEY } : k));
			writeFileSync(join(folder, 'seed.json'), JSON.stringify(seed));
			const sim = await spawnSimulator([...ON_FREE_PORTS, '--seed', join(folder, 'seed.json')]);
			simulator = sim.child;
			simulatorUrl = sim.url;
			proxy = await startProxy(simulatorUrl);
			const { records } = await simulatorCall('GET', '/__simulator/state/customers');
			recipients = records
				.filter((c) => c.deptid === 1 && c.active && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.email))
				.slice(0, 3)
				.map((c) => c.cid);
			// The backlog: there before the workflow is published, so never an event.
			const id = await createCampaign('E2E backlog');
			await appendCdrs(2);
			backlog = { id, ...(await snapshot()) };

			const port = await freePort();
			n8nUrl = `http://127.0.0.1:${port}`;
			api = n8nRest(n8nUrl, n8n, 'telco-e2e');
			env = n8nEnv(n8n, userFolder, {
				N8N_PORT: String(port),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_EDITOR_BASE_URL: n8nUrl,
				N8N_LOG_LEVEL: 'debug',
				EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
				...spec.env,
			});

			// The credential (base URL: the proxy) and the workflow, imported from a folder n8n does not own, then
			// removed: the key must not stay on disk anywhere but in n8n's encrypted credential.
			const imports = join(folder, 'imports');
			mkdirSync(imports);
			writeFileSync(
				join(imports, 'credentials.json'),
				JSON.stringify([
					{
						id: 'telcoE2e',
						name: 'Telco Billing (e2e)',
						type: 'telcoBillingApi',
						data: { baseUrl: proxy.url, apiKey: KEY },
					},
				]),
			);
			writeFileSync(join(imports, 'workflow.json'), JSON.stringify(workflow()));
			importInto(n8n, env, join(imports, 'credentials.json'), join(imports, 'workflow.json'));
			rmSync(imports, { recursive: true, force: true });
			activateWorkflow(n8n, WORKFLOW_ID, env);

			const booted = Date.now();
			timings.firstStart = await startN8n();
			await api.setUpOwner(OWNER);
			await api.login(OWNER);
			// The first poll (at activation) only records what is there: wait for it before changing anything.
			await completePoll(booted);
			if (name === 'durable') {
				// With durable cursors n8n keeps nothing the activation poll records (it commits a cursor only
				// after a scheduled poll): the first scheduled poll records the state, and commits it.
				await waitUntil(
					'the first scheduled poll to commit its cursor',
					() => cursorCommits() > 0,
					40,
				);
				expect(readFileSync(logFile, 'utf8')).not.toMatch(/durable poll cursors stay disabled/);
			}
			timings.setup = Date.now() - begun;
			log(`set up in ${Math.round(timings.setup / 1000)} s`);
		},
		10 * 60 * 1000,
	);

	afterAll(async () => {
		log(
			`seconds: ${Object.entries(timings)
				.map(([name, ms]) => `${name} ${Math.round(ms / 1000)}`)
				.join(', ')}`,
		);
		proxy?.close();
		await stopN8n().catch(() => undefined);
		simulator?.kill('SIGTERM');
		logStream?.end();
		if (folder && !process.env.TELCO_E2E_KEEP) rmSync(folder, { recursive: true, force: true });
		else if (folder) log(`kept ${folder}`);
	});

	function workflow() {
		return {
			id: WORKFLOW_ID,
			name: 'Telco Billing e2e: trigger',
			active: false,
			nodes: [
				{
					parameters: {
						pollTimes: { item: POLL_TIMES },
						events: [
							'newCampaign',
							'campaignStatusChanged',
							'campaignFinished',
							'cdrsImported',
							'cdrsRated',
						],
						options: {},
					},
					id: '6c0f5a0e-6f4e-4f43-9a44-0e2e7e1a0001',
					name: TRIGGER,
					type: 'CUSTOM.telcoBillingTrigger',
					typeVersion: 1,
					position: [0, 0],
					credentials: { telcoBillingApi: { id: 'telcoE2e', name: 'Telco Billing (e2e)' } },
				},
				{
					parameters: {},
					id: '6c0f5a0e-6f4e-4f43-9a44-0e2e7e1a0002',
					name: 'Received',
					type: 'n8n-nodes-base.noOp',
					typeVersion: 1,
					position: [300, 0],
				},
			],
			connections: { [TRIGGER]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
			settings: {
				executionOrder: 'v1',
				saveDataSuccessExecution: 'all',
				saveDataErrorExecution: 'all',
			},
		};
	}

	/** Makes the changes, works out from the simulator's state what they owe, and waits for them. */
	async function step(what, change) {
		const before = await snapshot();
		await change();
		const owes = owed(before, await snapshot());
		expected.push(...owes);
		await waitForDelivery(what, owes);
		return owes;
	}

	/**
	 * Each owed event delivered exactly once: the counts of those that were not, with the executions that
	 * carried them.
	 */
	async function notExactlyOnce(keys) {
		const runs = await executions();
		const all = runs.flatMap((e) => e.events);
		const wrong = {};
		for (const key of keys) {
			const count = countOf(all, key);
			if (count !== 1)
				wrong[key] = `${count}x (executions ${runs
					.filter((e) => e.events.includes(key))
					.map((e) => e.id)
					.join(', ')})`;
		}
		return wrong;
	}

	test('while n8n runs: new campaigns, every status move and every CDR import and rating arrive exactly once', async () => {
		const owes = [];
		owes.push(
			...(await step('campaign A and CDRs', async () => {
				await createCampaign('E2E campaign A');
				await appendCdrs(3);
			})),
		);
		owes.push(
			...(await step('A sending, campaign B', async () => {
				await runSender();
				await createCampaign('E2E campaign B');
			})),
		);
		owes.push(...(await step('A completed, B sending', runSender)));
		expect(owes).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^newCampaign /),
				expect.stringMatching(/^campaignStatusChanged .* queued -> sending$/),
				expect.stringMatching(/^campaignFinished .* sending -> completed$/),
				expect.stringMatching(/^cdrsImported /),
				expect.stringMatching(/^cdrsRated /),
			]),
		);
		expect(await notExactlyOnce(owes)).toEqual({});
		// The backlog (made before the workflow was published) was recorded by the first poll, not delivered:
		// its campaign never arrives as new, and no CDR event starts from a date before it.
		const all = await delivered();
		expect(all.filter((k) => k.startsWith(`newCampaign #${backlog.id} `))).toEqual([]);
		const fromBefore = all.filter((k) => {
			const [, kind, previous] = /^cdrs(Imported|Rated) \S+ (.+) -> /.exec(k) ?? [];
			return kind && previous < backlog[kind === 'Imported' ? 'imported' : 'rated'];
		});
		expect(fromBefore).toEqual([]);
	}, 120_000);

	test('changes made while n8n is stopped, across poll times it misses, arrive once after it starts again', async () => {
		const started = Date.now();
		// Everything owed so far has arrived, so a poll cut short by the stop has nothing to deliver.
		await stopN8n();
		const before = await snapshot();
		await createCampaign('E2E campaign C');
		await runSender(); // B completes, C starts sending
		// Down across at least two poll times (10 s apart), changes before and after each: the classic cron
		// does not catch missed polls up, the durable scheduler skips them (past its misfire grace).
		await sleep(11_000);
		await runSender(); // C completes
		await createCampaign('E2E campaign D');
		await sleep(11_000);
		await appendCdrs(2);
		const owes = owed(before, await snapshot());
		expected.push(...owes);
		timings.restart = await startN8n();
		await api.login(OWNER);
		await waitForDelivery('the changes made while n8n was stopped', owes);
		timings.restartPhase = Date.now() - started;
		expect(owes).toHaveLength(7);
		expect(await notExactlyOnce(owes)).toEqual({});
	}, 180_000);

	test('a slow answer makes two polls overlap: each change still arrives exactly once', async () => {
		const started = Date.now();
		const before = await snapshot();
		proxy.state.slowMs = SLOW_MS;
		// The changes go in while the first slow poll waits: it and the poll started 10 s later both read them.
		await waitUntil('a slow poll', () => proxy.state.held > 0, 15, 100);
		await runSender(); // D starts sending
		await createCampaign('E2E campaign E');
		await appendCdrs(2);
		const owes = owed(before, await snapshot());
		expected.push(...owes);
		// The next poll starts while the first still waits: it either reaches the platform too (two held at the
		// proxy) or, as the trigger does, steps aside at once, which it says in n8n's debug log.
		const skipsBefore = skippedPolls();
		await waitUntil(
			'a second poll to start during the slow one',
			() => proxy.state.held >= 2 || skippedPolls() > skipsBefore,
			15,
			100,
		);
		const overlapped = { held: proxy.state.held, skipped: skippedPolls() - skipsBefore };
		proxy.state.slowMs = 0;
		await waitUntil('the slow polls to be answered', () => proxy.state.held === 0, 20, 250);
		await waitForDelivery('the changes read by overlapping polls', owes);
		// Whatever the slow polls deliver has arrived once the reads after their slow answers are done.
		const lastSlow = Math.max(...proxy.state.requests.filter((r) => r.slow).map((r) => r.ended));
		await waitUntil(
			'the slow polls to end',
			() =>
				proxy.state.requests.some((r) => r.kind === 'rated' && r.started >= lastSlow && r.ended),
			10,
			250,
		).catch(() => undefined);
		await sleep(1500);
		timings.overlapPhase = Date.now() - started;
		log(
			`overlap: ${overlapped.held} polls waited on a slow answer at once; ${overlapped.skipped} poll(s) started meanwhile stepped aside`,
		);
		expect(overlapped.held + overlapped.skipped).toBeGreaterThanOrEqual(2);
		expect(await notExactlyOnce(owes)).toEqual({});
	}, 120_000);

	test('after the overlap, later changes still arrive exactly once', async () => {
		const owes = await step('D completed, E sending', runSender);
		expect(owes).toHaveLength(3);
		expect(await notExactlyOnce(owes)).toEqual({});
	}, 60_000);

	test('a poll that fails (an HTTP 500 page echoing the request path, key included) loses nothing', async () => {
		// Right after a poll: the change, then the fault, which the simulator serves to the next request it
		// gets (the next poll's first) as its error page.
		await completePoll(Date.now(), 20);
		const before = await snapshot();
		await appendCdrs(1);
		const owes = owed(before, await snapshot());
		expected.push(...owes);
		await simulatorCall('POST', '/__simulator/fault', { fault: 'http500' });
		const failed = await waitUntil(
			'the failed poll',
			async () => {
				const runs = (await executions()).filter((e) => e.status !== 'success');
				return runs.length > 0 && runs;
			},
			30,
		);
		await waitForDelivery('the changes after a failed poll', owes);
		expect(failed).toEqual([expect.objectContaining({ status: 'error', events: [] })]);
		log(`the failed poll's error: ${failed[0].error}`);
		expect(await notExactlyOnce(owes)).toEqual({});
	}, 60_000);

	test('nothing was delivered that the timeline does not owe, and only the injected failure failed', async () => {
		// One more poll, for anything late.
		await completePoll();
		await sleep(1500);
		const runs = await executions();
		expect(runs.filter((e) => e.status !== 'success')).toHaveLength(1);
		expect(runs.flatMap((e) => e.events).filter((k) => !expected.includes(k))).toEqual([]);
		log(
			`${runs.length} executions, ${runs.flatMap((e) => e.events).length} events delivered for ${expected.length} owed`,
		);
	}, 60_000);

	test('the API key appears nowhere in n8n’s files or its log', async () => {
		await stopN8n();
		await new Promise((resolve) => logStream.write('', resolve));
		const spellings = new Set([
			KEY,
			encodeURIComponent(KEY),
			encodeURIComponent(KEY).toLowerCase(),
			new URLSearchParams({ k: KEY }).toString().slice(2),
			new URLSearchParams({ k: KEY }).toString().slice(2).toLowerCase(),
			KEY.replace(/\//g, '\\/'),
			encodeURI(KEY),
		]);
		const files = [logFile, ...filesUnder(userFolder)];
		const found = [];
		const contents = new Map();
		for (const file of files) {
			const text = readFileSync(file).toString('latin1').toLowerCase();
			contents.set(file, text);
			for (const spelling of spellings)
				if (text.includes(spelling.toLowerCase()))
					found.push(`${file.replace(folder, '')}: ${spelling}`);
		}
		// The search can see what it should: the workflow in the log, the campaigns in the stored executions.
		expect(contents.get(logFile)).toContain(WORKFLOW_ID.toLowerCase());
		expect(
			files.filter((f) => f !== logFile && contents.get(f).includes('e2e campaign a')).length,
		).toBeGreaterThan(0);
		log(
			`searched ${files.length} files (${Math.round(files.reduce((sum, f) => sum + statSync(f).size, 0) / 1024)} KiB)` +
				` for ${spellings.size} spellings of the key`,
		);
		expect(files.some((f) => /database\.sqlite$/.test(f))).toBe(true);
		expect(found).toEqual([]);
	}, 60_000);
}

function filesUnder(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return filesUnder(path);
		return entry.isFile() ? [path] : [];
	});
}
