#!/usr/bin/env node
// npm run queue:run [-- --files 3 --rows 20000 --workers 2 --concurrency 2 --db postgres|sqlite]
// Call Record → Import File on n8n's queue mode: Redis (Debian's redis-server, a child process), PostgreSQL
// (initdb into a temporary folder, `postgres` a child process run as the postgres user), an `n8n start` main
// and `n8n worker` processes, all on 127.0.0.1 with free ports. A published workflow (Webhook → Read/Write
// File → Import CDR File) is called once per generated CSV file, all at once; the main instance answers each
// webhook and puts the execution on the queue, a worker runs it (binary data mode `database`, n8n's default
// in queue mode, so the file read on one process can be read by another). Then: every execution succeeded,
// each file's summary counts all its rows, the simulator stored each row exactly once (per orig_id prefix,
// no duplicates), and the workers' logs say which worker ran which execution.
// Needs the package built (npm run build; `queue:run` builds first), redis-server (apt-get install -y
// redis-server) and, for --db postgres (the default), PostgreSQL's initdb/postgres (Debian's postgresql).
// TELCO_QUEUE_KEEP=1 keeps the temporary folder (logs of every process).
const { spawn, spawnSync } = require('node:child_process');
const {
	chmodSync,
	createWriteStream,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
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
} = require('../sandbox/n8n.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort, sleep, waitUntil } = require('../sandbox/waiting.js');
const { writeCdrCsv } = require('../sandbox/cdrCsv.js');
const { startPostgres } = require('../sandbox/postgres.js');
const { FINISHED_EXECUTION, n8nRest } = require('../sandbox/n8nRest.js');

function option(name, fallback) {
	const args = process.argv.slice(2);
	const index = args.indexOf(`--${name}`);
	return index > -1 ? args[index + 1] : fallback;
}

const FILES = Number(option('files', 3));
const ROWS = Number(option('rows', 20_000));
const WORKERS = Number(option('workers', 2));
// Below the number of files, so no single worker can take every job: both must run some.
const CONCURRENCY = Number(option('concurrency', 2));
const DB = option('db', 'postgres');
const KEY = 'demo-key-0001';
const SOURCE = 'demo-switch';
const WORKFLOW_ID = 'telcoQueueImport1';
const WEBHOOK_PATH = 'telco-queue-import';
const OWNER = {
	email: 'queue@telco-billing.example',
	firstName: 'Queue',
	lastName: 'Run',
	password: 'Queue-Run-2026',
};

const started = Date.now();
const log = (line) =>
	console.error(`[queue ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);

// In a container n8n names an instance after the host (hostId `worker-<hostname>`), so two workers in one
// container share an id (the main instance warns "Detected multiple instances sharing the same hostId"):
// where we can, each worker gets a hostname of its own in a UTS namespace of its own (root and unshare).
const inContainer = existsSync('/.dockerenv') || existsSync('/run/.containerenv');
const ownHostnames =
	inContainer && process.getuid?.() === 0 && spawnSync('unshare', ['--uts', 'true']).status === 0;

function spawnWorker(n8n, env, hostname) {
	const args = ['worker', `--concurrency=${CONCURRENCY}`];
	if (!ownHostnames) return n8nSpawn(n8n, args, env, ['ignore', 'pipe', 'pipe']);
	// sh execs node, so the child's pid is n8n's own.
	return spawn(
		'unshare',
		[
			'--uts',
			'sh',
			'-c',
			'hostname "$1" && shift && exec "$@"',
			'sh',
			hostname,
			n8n.node,
			n8n.bin,
			...args,
		],
		{ env, stdio: ['ignore', 'pipe', 'pipe'] },
	);
}

const children = [];

/** A log file's text so far ('' before its stream has opened it). */
const readLog = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** A child process whose output goes to its own log file; remembered so it is stopped at the end. */
function track(name, child, logFile) {
	const stream = createWriteStream(logFile);
	child.stdout?.pipe(stream, { end: false });
	child.stderr?.pipe(stream, { end: false });
	child.exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	);
	child.exited.then(({ code, signal }) => {
		child.gone = true;
		if (!stopping) log(`${name} stopped (exit ${code ?? signal})`);
	});
	child.logFile = logFile;
	child.label = name;
	children.push(child);
	return child;
}

let stopping = false;
async function stopAll() {
	stopping = true;
	// The n8n processes first, then Postgres and Redis, then the simulator.
	const order = [...children].reverse();
	for (const child of order) {
		if (child.gone || child.exitCode !== null || child.signalCode !== null) continue;
		child.kill('SIGTERM');
		let timer;
		const timeout = new Promise(
			(resolve) => (timer = setTimeout(() => resolve('timeout'), 20_000)),
		);
		if ((await Promise.race([child.exited, timeout])) === 'timeout') {
			child.kill('SIGKILL');
			await child.exited;
		}
		clearTimeout(timer);
	}
}

function workflow() {
	return {
		id: WORKFLOW_ID,
		name: 'Telco Billing queue run: Import File per webhook call',
		active: false,
		nodes: [
			{
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK_PATH,
					responseMode: 'onReceived',
					options: {},
				},
				id: 'q1',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '5c6b7f3e-8d0a-4d59-9a51-7e2f0c1d9a01',
			},
			{
				parameters: { operation: 'read', fileSelector: '={{ $json.body.file }}', options: {} },
				id: 'q2',
				name: 'Read CDR File',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1,
				position: [220, 0],
			},
			{
				parameters: {
					operation: 'importFile',
					binaryPropertyName: 'data',
					columnLayout: 'header',
					batchSize: 500,
					parallelBatches: 2,
					treatDuplicateAsSuccess: true,
					importOptions: {},
				},
				id: 'q3',
				name: 'Import CDR File',
				type: 'CUSTOM.telcoBillingCallRecord',
				typeVersion: 1,
				position: [440, 0],
				credentials: { telcoBillingApi: { id: 'telcoQueue', name: 'Telco Billing (queue run)' } },
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Read CDR File', type: 'main', index: 0 }]] },
			'Read CDR File': { main: [[{ node: 'Import CDR File', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

async function startRedis(folder) {
	if (spawnSync('redis-server', ['--version']).status !== 0)
		throw new Error('redis-server is missing: apt-get install -y redis-server');
	const port = await freePort();
	const child = track(
		'redis',
		spawn(
			'redis-server',
			[
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--save',
				'',
				'--appendonly',
				'no',
				'--daemonize',
				'no',
				'--dir',
				folder,
			],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		),
		join(folder, 'redis.log'),
	);
	await waitUntil(
		'Redis to accept connections',
		() => {
			if (child.gone) throw new Error(`redis stopped:\n${readLog(child.logFile)}`);
			return /Ready to accept connections/.test(readLog(child.logFile));
		},
		30,
	);
	return port;
}

let n8nUrl;
async function main() {
	const n8n = await ensureN8n({ version: requestedVersion([]), log });
	log(
		`n8n ${n8n.version} on Node ${n8n.nodeVersion}; ${FILES} files × ${ROWS} rows, ${WORKERS} workers (concurrency ${CONCURRENCY}), ${DB}`,
	);
	const folder = mkdtempSync(join(tmpdir(), 'n8n-telco-queue-'));
	children.folder = folder;
	chmodSync(folder, 0o755);
	const data = join(folder, 'data');
	mkdirSync(data);
	const logs = join(folder, 'logs');
	mkdirSync(logs);
	let failed = false;
	try {
		const sim = await spawnSimulator(ON_FREE_PORTS);
		track('simulator', sim.child, join(logs, 'simulator.log'));

		const files = [];
		for (let f = 0; f < FILES; f++) {
			const prefix = `queue${f + 1}`;
			const path = join(data, `${prefix}.csv`);
			await writeCdrCsv(path, prefix, ROWS);
			files.push({ prefix, path });
		}
		log(`wrote ${FILES} CSV files of ${ROWS} rows in ${data}`);

		const redisPort = await startRedis(logs);
		log(`redis-server on 127.0.0.1:${redisPort}`);
		let dbEnv = { DB_TYPE: 'sqlite' };
		if (DB === 'postgres') {
			const pgFolder = mkdtempSync(join(tmpdir(), 'n8n-telco-queue-pg-'));
			children.pgFolder = pgFolder;
			const { port: pgPort } = await startPostgres(pgFolder, { track });
			log(`PostgreSQL on 127.0.0.1:${pgPort}`);
			dbEnv = {
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(pgPort),
				DB_POSTGRESDB_DATABASE: 'postgres',
				DB_POSTGRESDB_USER: 'n8n',
				DB_POSTGRESDB_PASSWORD: '',
			};
		}

		const port = await freePort();
		n8nUrl = `http://127.0.0.1:${port}`;
		const api = n8nRest(n8nUrl, n8n, 'telco-queue');
		const base = n8nEnv(n8n, join(folder, 'n8n'), {
			...dbEnv,
			N8N_PORT: String(port),
			N8N_EDITOR_BASE_URL: n8nUrl,
			// No WEBHOOK_URL (deprecated in 2.41 for N8N_WEBHOOK_URL, which older lines do not read): n8n builds
			// the same webhook address from N8N_HOST and N8N_PORT.
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			// n8n's default in queue mode, said out loud: the Read/Write File node's output is stored in the
			// database, where the worker (and the main instance, showing the execution) can read it.
			N8N_DEFAULT_BINARY_DATA_MODE: 'database',
			N8N_RESTRICT_FILE_ACCESS_TO: data,
			N8N_LOG_LEVEL: 'info',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		});
		const imports = join(folder, 'imports');
		mkdirSync(imports);
		writeFileSync(
			join(imports, 'credentials.json'),
			JSON.stringify([
				{
					id: 'telcoQueue',
					name: 'Telco Billing (queue run)',
					type: 'telcoBillingApi',
					data: { baseUrl: sim.url, apiKey: KEY },
				},
			]),
		);
		writeFileSync(join(imports, 'workflow.json'), JSON.stringify(workflow()));
		importInto(n8n, base, join(imports, 'credentials.json'), join(imports, 'workflow.json'));
		rmSync(imports, { recursive: true, force: true });
		activateWorkflow(n8n, WORKFLOW_ID, base);
		log('workflow and credential imported, workflow published');

		const main = track(
			'n8n main',
			n8nSpawn(n8n, ['start'], base, ['ignore', 'pipe', 'pipe']),
			join(logs, 'main.log'),
		);
		const workers = [];
		for (let w = 1; w <= WORKERS; w++) {
			const env = { ...base, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
			const worker = track(
				`worker ${w}`,
				spawnWorker(n8n, env, `n8n-worker-${w}`),
				join(logs, `worker-${w}.log`),
			);
			worker.index = w;
			worker.hostId = `worker-${ownHostnames ? `n8n-worker-${w}` : '(random)'}`;
			workers.push(worker);
		}
		const alive = () => {
			for (const child of [main, ...workers])
				if (child.gone)
					throw new Error(
						`${child.label} stopped; the end of its log (${child.logFile}):\n${readLog(child.logFile).slice(-3000)}`,
					);
		};
		await waitUntil(
			'n8n main to answer',
			async () => {
				alive();
				return await fetch(`${n8nUrl}/rest/settings`).then(
					(r) => r.ok,
					() => false,
				);
			},
			180,
		);
		await waitUntil(
			'the workers to be ready',
			() => {
				alive();
				return workers.every((w) => /n8n worker is now ready/.test(readLog(w.logFile)));
			},
			180,
		);
		// n8n answers before it has activated the published workflows (later still on a busy machine). A GET
		// starts nothing: once the POST webhook is registered, n8n says so in its 404 for the wrong method.
		await waitUntil(
			"the workflow's webhook to be registered",
			async () => {
				alive();
				const probe = await fetch(`${n8nUrl}/webhook/${WEBHOOK_PATH}`).then(
					(r) => r.text(),
					() => '',
				);
				return /POST request/.test(probe);
			},
			120,
		);
		await api.setUpOwner(OWNER);
		await api.login(OWNER);
		log(`n8n main on ${n8nUrl} and ${WORKERS} workers ready`);

		// All files at once: one webhook call each, answered by the main instance as soon as it is queued.
		const runStart = Date.now();
		const answers = await Promise.all(
			files.map(async ({ path }) => {
				const answer = await fetch(`${n8nUrl}/webhook/${WEBHOOK_PATH}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ file: path }),
				});
				return { status: answer.status, body: await answer.text() };
			}),
		);
		for (const a of answers)
			if (a.status !== 200)
				throw new Error(`webhook answered ${a.status}: ${a.body.slice(0, 500)}`);
		log(`${FILES} webhook calls answered; waiting for the executions`);

		const listed = await waitUntil(
			`${FILES} finished executions`,
			async () => {
				alive();
				const results = await api.executionsOf(WORKFLOW_ID);
				const done = results.filter((e) => FINISHED_EXECUTION.includes(e.status));
				return done.length >= FILES && results.length === done.length ? done : undefined;
			},
			600,
			1000,
		);
		const wall = (Date.now() - runStart) / 1000;

		// What each execution did, and which worker's log says it ran it.
		const ranBy = new Map();
		for (const w of workers) {
			const text = readLog(w.logFile);
			for (const match of text.matchAll(/Worker finished execution (\d+) \(job (\S+)\)/g)) {
				if (ranBy.has(match[1])) throw new Error(`execution ${match[1]} finished on two workers`);
				ranBy.set(match[1], { worker: w.index, job: match[2] });
			}
		}
		const runs = [];
		for (const execution of listed) {
			const run = await api.runDataOf(execution.id);
			const file = run.resultData.runData.Webhook?.[0]?.data?.main?.[0]?.[0]?.json?.body?.file;
			const summary = run.resultData.runData['Import CDR File']?.[0]?.data?.main?.[0]?.[0]?.json;
			const binaryId =
				run.resultData.runData['Read CDR File']?.[0]?.data?.main?.[0]?.[0]?.binary?.data?.id;
			runs.push({
				binaryId,
				id: execution.id,
				status: execution.status,
				error: run.resultData.error?.message,
				file,
				summary,
				seconds:
					(new Date(execution.stoppedAt).getTime() - new Date(execution.startedAt).getTime()) /
					1000,
				...(ranBy.get(String(execution.id)) ?? {}),
			});
		}
		runs.sort((a, b) => Number(a.id) - Number(b.id));

		const problems = [];
		if (runs.length !== FILES) problems.push(`${runs.length} executions for ${FILES} files`);
		for (const r of runs) {
			if (r.status !== 'success') problems.push(`execution ${r.id}: ${r.status} ${r.error ?? ''}`);
			if (!r.worker) problems.push(`execution ${r.id}: no worker's log says it ran it`);
			if (!r.binaryId?.startsWith('database:'))
				problems.push(
					`execution ${r.id}: the file's binary data is not in the database (${r.binaryId})`,
				);
			if (r.summary?.rowsRead !== ROWS || r.summary?.accepted !== ROWS || r.summary?.refused !== 0)
				problems.push(`execution ${r.id} (${r.file}): summary ${JSON.stringify(r.summary)}`);
		}
		const seenFiles = runs.map((r) => r.file).sort();
		if (JSON.stringify(seenFiles) !== JSON.stringify(files.map((f) => f.path).sort()))
			problems.push(`files imported: ${seenFiles.join(', ')}`);

		// The simulator's store: every row of every file exactly once.
		const { cdrs } = await (await fetch(`${sim.url}/__simulator/cdrs?source=${SOURCE}`)).json();
		const ids = cdrs.map((c) => c.orig_id);
		const unique = new Set(ids);
		if (unique.size !== ids.length)
			problems.push(`${ids.length - unique.size} duplicate CDRs stored`);
		const perPrefix = {};
		for (const { prefix } of files) {
			let count = 0;
			for (let i = 0; i < ROWS; i++) if (unique.has(`${prefix}-${i}`)) count++;
			perPrefix[prefix] = count;
			if (count !== ROWS) problems.push(`${prefix}: ${count} of ${ROWS} rows stored`);
		}
		if (ids.length !== FILES * ROWS)
			problems.push(`${ids.length} CDRs stored for ${FILES * ROWS} rows`);

		const workersUsed = new Set(runs.map((r) => r.worker).filter(Boolean));
		console.log(
			`\nImport File on n8n ${n8n.version} queue mode (${DB === 'postgres' ? 'PostgreSQL' : 'SQLite'}, Redis, binary data mode database)` +
				`: main + ${WORKERS} workers (concurrency ${CONCURRENCY})`,
		);
		for (const r of runs)
			console.log(
				`  execution ${String(r.id).padStart(3)}  ${r.status.padEnd(8)} worker ${r.worker ?? '?'}` +
					` (${workers[r.worker - 1]?.hostId ?? '?'}, pid ${workers[r.worker - 1]?.pid ?? '?'}, job ${r.job ?? '?'})` +
					`  ${r.file?.split('/').pop()}  rows ${r.summary?.rowsRead} accepted ${r.summary?.accepted}` +
					` duplicates ${r.summary?.duplicates} refused ${r.summary?.refused}  ${r.seconds.toFixed(1)} s`,
			);
		console.log(
			`  stored in the simulator: ${ids.length.toLocaleString('en')} CDRs, ${unique.size.toLocaleString('en')}` +
				` distinct; per prefix ${JSON.stringify(perPrefix)}`,
		);
		console.log(
			`  ${FILES} files × ${ROWS.toLocaleString('en')} rows = ${(FILES * ROWS).toLocaleString('en')}` +
				` rows on ${workersUsed.size} of ${WORKERS} workers` +
				`; wall time from the first webhook call to the last execution finished: ${wall.toFixed(1)} s`,
		);
		if (WORKERS > 1 && FILES > CONCURRENCY && workersUsed.size < 2)
			problems.push('every execution ran on one worker');
		if (problems.length) throw new Error(`queue run failed:\n  ${problems.join('\n  ')}`);
		console.log('  OK: every row stored exactly once; the executions were spread over the workers');
	} catch (error) {
		failed = true;
		throw error;
	} finally {
		await stopAll();
		if (children.pgFolder) rmSync(children.pgFolder, { recursive: true, force: true });
		if (process.env.TELCO_QUEUE_KEEP || failed) log(`logs kept in ${logs}`);
		else rmSync(folder, { recursive: true, force: true });
	}
}

let ending = false;
for (const signal of ['SIGINT', 'SIGTERM'])
	process.on(signal, () => {
		if (ending) return;
		ending = true;
		log(`${signal}: stopping the child processes`);
		stopAll().finally(() => {
			if (children.pgFolder) rmSync(children.pgFolder, { recursive: true, force: true });
			if (children.folder && !process.env.TELCO_QUEUE_KEEP)
				rmSync(children.folder, { recursive: true, force: true });
			process.exit(130);
		});
	});

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
