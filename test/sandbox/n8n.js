// Running the n8n the sandbox and the end-to-end tests use (installed by n8n-install.js): the environment that
// keeps it offline and quiet, its CLI, and the sandbox's credentials and example workflows to import.
const { spawn, spawnSync } = require('node:child_process');
const {
	closeSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	openSync,
	readFileSync,
	readdirSync,
	rmSync,
	statSync,
	writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { delimiter, join, resolve } = require('node:path');
const { ensureN8n } = require('./n8n-install.js');
const { NEWEST, OLDEST, lineOf } = require('./n8n-lines.js');
const { sandboxSsrf } = require('./ssrf.js');

const ROOT = resolve(__dirname, '../..');
/**
 * Where n8n may read and write files in the sandbox (n8n 2.x refuses any other path: "Access to the file is
 * not allowed"): the examples' data, and a folder of the user's own, kept out of git, for their CSVs.
 */
const SANDBOX_FILES = join(ROOT, '.n8n-sandbox', 'files');
const READABLE_FOLDERS = [join(ROOT, 'examples', 'data'), SANDBOX_FILES];

const PACKAGE_NAME = 'n8n-nodes-telco-billing';
const PACKAGE_PREFIX = `${PACKAGE_NAME}.`;

/**
 * How n8n loads the package:
 * - `custom` (the default): `N8N_CUSTOM_EXTENSIONS=<repo>/dist`, node types `CUSTOM.<node>`. n8n's
 *   custom-directory loader gives credentials no supporting nodes, so the credential Test button, which looks
 *   for the Test function (`testedBy`) among those nodes, answers "No testing function found".
 * - `installed`: the package as users install it, in `<userFolder>/.n8n/nodes/node_modules/<package>` (see
 *   installPackage), node types `n8n-nodes-telco-billing.<node>`, and the credential Test button works.
 */
const LOADING_MODES = ['custom', 'installed'];

function checkLoading(loading) {
	if (!LOADING_MODES.includes(loading))
		throw new Error(`unknown loading "${loading}": use one of ${LOADING_MODES.join(', ')}`);
	return loading;
}

/** Where n8n looks for installed community packages (its nodesDownloadDir), under a user folder. */
function installedPackageDir(userFolder) {
	return join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
}

/**
 * Installs the built package into the user folder as n8n's Community Nodes install leaves it: package.json and
 * dist, nothing else (no dependencies: n8n-workflow is a peer). Copied afresh at every call, so a rebuilt
 * package is what the next start loads. Copied, not symlinked: n8n's package scan does follow a symlinked
 * folder, but the package would then be the checkout itself (sources and node_modules beside dist).
 */
function installPackage(userFolder) {
	const dist = join(ROOT, 'dist');
	if (!existsSync(join(dist, 'nodes')))
		throw new Error(`${dist} has no built nodes: run \`npx n8n-node build\` first.`);
	const target = installedPackageDir(userFolder);
	rmSync(target, { recursive: true, force: true });
	mkdirSync(target, { recursive: true });
	cpSync(join(ROOT, 'package.json'), join(target, 'package.json'));
	cpSync(dist, join(target, 'dist'), {
		recursive: true,
		filter: (source) => !source.endsWith('.tsbuildinfo'),
	});
	return target;
}

/**
 * n8n's environment: our package loaded (`loading`, see LOADING_MODES), SQLite in the given folder, no
 * telemetry, no outbound calls.
 */
function n8nEnv(n8n, userFolder, extra = {}, { loading = 'custom' } = {}) {
	const installed = checkLoading(loading) === 'installed';
	const env = {
		...process.env,
		// The Node the line runs on comes first, for anything n8n starts (its task runner).
		PATH: [n8n.binDir, process.env.PATH].join(delimiter),
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'telco-billing-sandbox-only-key',
		DB_TYPE: 'sqlite',
		N8N_CUSTOM_EXTENSIONS: join(ROOT, 'dist'),
		// n8n separates the folders with `;`.
		N8N_RESTRICT_FILE_ACCESS_TO: READABLE_FOLDERS.join(';'),
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		N8N_SECURE_COOKIE: 'false',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_LOG_LEVEL: 'warn',
		// jest sets NODE_ENV=test, in which n8n's logger (and so `execute`'s output) stays silent.
		NODE_ENV: 'production',
		NODE_OPTIONS: '--max-old-space-size=4096',
		...n8n.env,
		...(installed
			? {
					N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
					// Else n8n fetches its list of verified community nodes from api.n8n.io at start (offline here:
					// an error in the log), and the nodes panel offers packages to install from it.
					N8N_VERIFIED_PACKAGES_ENABLED: 'false',
					// Today's default, set so n8n does not print a deprecation notice about it at every start.
					N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
				}
			: {}),
		...extra,
	};
	// Loaded from both places, every node would be listed twice (CUSTOM.* and n8n-nodes-telco-billing.*).
	if (installed) delete env.N8N_CUSTOM_EXTENSIONS;
	return env;
}

/** Runs an n8n CLI command to completion; throws with its output when it fails. */
function n8nCli(n8n, args, env) {
	const result = spawnSync(n8n.node, [n8n.bin, ...args], {
		env,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (result.status !== 0 && !crashedAfterRun(args, result))
		throw new Error(
			`n8n ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`,
		);
	return result.stdout;
}

/**
 * `n8n execute` that printed its whole finished run and then died of a signal while shutting down (seen once in
 * CI: n8n 1.123 on Node 22, SIGSEGV after the run's JSON): the run happened, and what it printed is its record.
 * Said on stderr, never silent. Any other failure, a run not printed whole, or a printed run that ended in
 * an error (n8n prints the failed run's record too) is still a failure.
 */
function crashedAfterRun(args, result) {
	if (args[0] !== 'execute' || !result.signal) return false;
	try {
		const { run } = executeOutput(result.stdout);
		if (!run?.stoppedAt || (run.data?.resultData ?? run.resultData)?.error) return false;
	} catch {
		return false;
	}
	process.stderr.write(
		`n8n ${args.join(' ')} printed its whole run, then died of ${result.signal} while stopping: taken as printed\n`,
	);
	return true;
}

/** Imports a credentials file and a workflow file or a folder of them (one workflow a file) into n8n. */
function importInto(n8n, env, credentials, workflows) {
	n8nCli(n8n, ['import:credentials', `--input=${credentials}`], env);
	const separate = statSync(workflows).isDirectory() ? ['--separate'] : [];
	n8nCli(n8n, ['import:workflow', ...separate, `--input=${workflows}`], env);
}

/**
 * What a user fills in before an example's first run, filled for the sandbox: `cdrFile` (the CDR examples'
 * CDR File node, empty in the files so that an import elsewhere fails at Read CDR File instead of reading a
 * path that only exists here) becomes the package's sample CSV.
 */
function fillExampleSettings(workflow, dataFolder) {
	for (const node of workflow.nodes)
		for (const assignment of node.parameters?.assignments?.assignments ?? [])
			if (assignment.name === 'cdrFile' && assignment.value === '')
				assignment.value = join(dataFolder, 'cdrs.csv');
}

/**
 * Writes what `n8n import:*` reads: the sandbox credentials (pointing at the simulator and its mail sink),
 * and the example workflows with their node types as n8n names the package in the given `loading` mode
 * (`CUSTOM.<node>` for the default, `custom`; unchanged for `installed`).
 */
function prepareImports(folder, { simulatorUrl, apiKey, smtpPort, modelUrl, loading = 'custom' }) {
	const typePrefix = checkLoading(loading) === 'installed' ? PACKAGE_PREFIX : 'CUSTOM.';
	mkdirSync(join(folder, 'workflows'), { recursive: true });
	const credentials = [
		{
			id: 'telcoSandbox',
			name: 'Telco Billing (sandbox)',
			type: 'telcoBillingApi',
			data: { baseUrl: simulatorUrl, apiKey },
		},
		// The simulator's seeded portal user, allowed on the demo key (for Account → Verify Portal Login).
		{
			id: 'telcoSandboxPortal',
			name: 'Telco Billing portal login (sandbox)',
			type: 'telcoBillingPortalLoginApi',
			data: { baseUrl: simulatorUrl, username: 'sandbox', password: 'sandbox-portal-1' },
		},
		// What MCP clients present to the MCP example's trigger (Authorization: Bearer sandbox-mcp-token).
		{
			id: 'telcoSandboxMcp',
			name: 'MCP clients (sandbox)',
			type: 'httpBearerAuth',
			data: { token: 'sandbox-mcp-token' },
		},
		{
			id: 'telcoSandboxSmtp',
			name: 'Sandbox mail (simulator)',
			type: 'smtp',
			data: {
				user: '',
				password: '',
				host: '127.0.0.1',
				port: smtpPort,
				secure: false,
				disableStartTls: true,
			},
		},
	];
	// The scripted chat model (fakeChatModel.js), under the id the AI agent example names: it runs as imported.
	if (modelUrl)
		credentials.push({
			id: 'telcoSandboxModel',
			name: 'Scripted model (sandbox)',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted-model', url: modelUrl },
		});
	writeFileSync(join(folder, 'credentials.json'), JSON.stringify(credentials, null, 2));
	const examples = join(ROOT, 'examples');
	const ids = [];
	for (const file of readdirSync(examples).filter((f) => f.endsWith('.json'))) {
		const workflow = JSON.parse(
			readFileSync(join(examples, file), 'utf8').split(PACKAGE_PREFIX).join(typePrefix),
		);
		fillExampleSettings(workflow, join(examples, 'data'));
		writeFileSync(join(folder, 'workflows', file), JSON.stringify(workflow, null, 2));
		ids.push({ file, id: workflow.id, name: workflow.name });
	}
	return ids;
}

/** The simulator's demo key, which the sandbox credential carries. */
const DEMO_KEY = 'demo-key-0001';
/** A local sandbox's owner account, made on first start so the editor opens straight onto the examples. */
const SANDBOX_OWNER = {
	email: 'sandbox@telco-billing.example',
	firstName: 'Sandbox',
	lastName: 'Owner',
	password: 'Sandbox-2026',
};

/**
 * What `npm start` does to a user folder before starting n8n: installs the freshly built package as a
 * community package, and imports the sandbox credentials and the examples (node types as installed); at the
 * first start in a folder used before, rewrites the user's own workflows typed `CUSTOM.*`.
 * Returns the environment to start n8n with (`extra` added to it; the sandbox's 127.0.0.1 allowed through
 * SSRF protection, see ssrf.js), the examples imported, where the package went, the names of the workflows
 * rewritten, and the banner's line on SSRF protection when it is on.
 */
function prepareSandbox(n8n, userFolder, { simulatorUrl, smtpPort, modelUrl, extra = {} }) {
	const firstInstall = !existsSync(installedPackageDir(userFolder));
	// Under SSRF protection (the user's shell may turn it on) the sandbox's 127.0.0.1 is allowed.
	const ssrf = sandboxSsrf(n8nEnv(n8n, userFolder, extra, { loading: 'installed' }));
	const { env } = ssrf;
	const ssrfNote = lineOf(n8n.version)?.ssrfProtection ? ssrf.note : undefined;
	const folder = join(userFolder, 'imports');
	const imports = prepareImports(folder, {
		simulatorUrl,
		apiKey: DEMO_KEY,
		smtpPort,
		modelUrl,
		loading: 'installed',
	});
	// The examples are imported afresh below, whatever they held.
	const examples = new Set(imports.map((example) => example.id));
	const migrated = firstInstall ? migrateCustomWorkflows(n8n, env, folder, examples) : [];
	// Installed only now: a migration that failed is tried again at the next start.
	const packageDir = installPackage(userFolder);
	importInto(n8n, env, join(folder, 'credentials.json'), join(folder, 'workflows'));
	return { env, imports, packageDir, migrated, ssrfNote };
}

/**
 * A sandbox folder from before npm start installed the package holds workflows whose nodes are typed
 * `CUSTOM.<node>`, which n8n no longer knows once the package is installed ("Install this node to use it"):
 * rewritten to the installed types, once. Importing deactivates a workflow, as n8n's import always does.
 * Returns the names of the workflows rewritten.
 */
function migrateCustomWorkflows(n8n, env, folder, skip) {
	if (!existsSync(join(env.N8N_USER_FOLDER, '.n8n', 'database.sqlite'))) return [];
	mkdirSync(folder, { recursive: true });
	const exported = join(folder, 'existing-workflows.json');
	try {
		n8nCli(n8n, ['export:workflow', '--all', `--output=${exported}`], env);
	} catch (error) {
		if (/No workflows found/.test(error.message)) return [];
		throw error;
	}
	const custom = JSON.parse(readFileSync(exported, 'utf8'))
		.filter((workflow) => !skip.has(workflow.id))
		.map((workflow) => JSON.stringify(workflow))
		.filter((text) => text.includes(`"CUSTOM.telcoBilling`))
		.map((text) =>
			JSON.parse(text.split(`"CUSTOM.telcoBilling`).join(`"${PACKAGE_PREFIX}telcoBilling`)),
		);
	rmSync(exported, { force: true });
	if (!custom.length) return [];
	const rewritten = join(folder, 'migrated-workflows.json');
	writeFileSync(rewritten, JSON.stringify(custom));
	n8nCli(n8n, ['import:workflow', `--input=${rewritten}`], env);
	rmSync(rewritten, { force: true });
	return custom.map((workflow) => workflow.name);
}

/**
 * Makes an imported workflow run its triggers from n8n's next start, with the CLI of the line (2.x publishes,
 * 1.x activates).
 */
function activateWorkflow(n8n, id, env) {
	return n8nCli(n8n, lineOf(n8n.version).activate(id), env);
}

/**
 * An n8n CLI command (`execute`) in a child process this process does not wait on synchronously: a server
 * in this process (the scripted chat model, a recorder) can answer n8n meanwhile. Resolves with its output.
 */
function n8nCliAsync(n8n, args, env) {
	return new Promise((resolve, reject) => {
		// Its output goes to a file, read once it exits: n8n exits as soon as it has printed, and what it printed to
		// a pipe a busy machine had not read yet was lost (a run's JSON cut short under CI's three lanes). Writes
		// to a file are done before n8n goes on.
		const folder = mkdtempSync(join(tmpdir(), 'n8n-cli-'));
		const file = join(folder, 'stdout');
		const out = openSync(file, 'w');
		const child = n8nSpawn(n8n, args, env, ['ignore', out, 'pipe']);
		closeSync(out);
		child.stderr.setEncoding('utf8');
		let stderr = '';
		child.stderr.on('data', (chunk) => (stderr += chunk));
		// A model that never answers would keep n8n waiting for its 10-minute request timeout.
		const timer = setTimeout(() => child.kill('SIGTERM'), 5 * 60 * 1000);
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			const stdout = readFileSync(file, 'utf8');
			rmSync(folder, { recursive: true, force: true });
			if (code === 0 || crashedAfterRun(args, { signal, stdout })) resolve(stdout);
			else
				reject(
					new Error(`n8n ${args.join(' ')} failed (${code ?? signal}):\n${stdout}\n${stderr}`),
				);
		});
	});
}

/**
 * The run `n8n execute --rawOutput` printed (at log level info or above; NODE_ENV=test silences it): its JSON
 * is the block from a line holding only "{" to the last line holding only "}", among n8n's other info lines.
 * Returns the run, its run data and `output(node)`: the items' json of each of that node's outputs.
 */
function executeOutput(stdout) {
	const lines = stdout.split('\n');
	const [start, end] = [lines.indexOf('{'), lines.lastIndexOf('}')];
	if (start < 0 || end < start)
		throw new Error(
			`n8n execute printed no whole run (${stdout.length} characters, ${lines.length} lines; a line "{" at ` +
				`${start}, "}" at ${end}). It began:\n${stdout.slice(0, 400)}\n…and ended:\n${stdout.slice(-400)}`,
		);
	const run = JSON.parse(lines.slice(start, end + 1).join('\n'));
	const runData = run.data?.resultData?.runData ?? run.resultData?.runData ?? run.runData;
	const output = (node) =>
		(runData[node]?.[0]?.data?.main ?? []).map((branch) => (branch ?? []).map((item) => item.json));
	return { run, runData, output };
}

/** Starts a long-running n8n command (start, worker) with its output piped to the caller. */
/** `detached`: n8n leads a process group of its own, with the task runners it starts (stopped as one). */
function n8nSpawn(
	n8n,
	args,
	env,
	stdio = ['ignore', 'pipe', 'inherit'],
	{ detached = false } = {},
) {
	return spawn(n8n.node, [n8n.bin, ...args], { env, stdio, detached });
}

/** The n8n line asked for: `--n8n <version>` on the command line, else TELCO_N8N_VERSION, else the newest. */
function requestedVersion(args = process.argv.slice(2)) {
	const index = args.indexOf('--n8n');
	const asked = index > -1 ? args[index + 1] : process.env.TELCO_N8N_VERSION;
	if (asked === 'newest' || !asked) return NEWEST;
	return asked === 'oldest' ? OLDEST : asked;
}

module.exports = {
	DEMO_KEY,
	activateWorkflow,
	LOADING_MODES,
	PACKAGE_NAME,
	ROOT,
	SANDBOX_OWNER,
	SANDBOX_FILES,
	READABLE_FOLDERS,
	ensureN8n,
	executeOutput,
	importInto,
	installPackage,
	installedPackageDir,
	n8nCli,
	n8nCliAsync,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	prepareSandbox,
	requestedVersion,
};
