// Running the n8n the sandbox and the end-to-end tests use (installed by n8n-install.js): the environment that
// keeps it offline and quiet, its CLI, and the sandbox's credentials and example workflows to import.
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { delimiter, join, resolve } = require('node:path');
const { ensureN8n } = require('./n8n-install.js');
const { NEWEST, OLDEST } = require('./n8n-lines.js');

const ROOT = resolve(__dirname, '../..');
/**
 * Where n8n may read and write files in the sandbox (n8n 2.x refuses any other path: "Access to the file is
 * not allowed"): the examples' data, and a folder of the user's own, kept out of git, for their CSVs.
 */
const SANDBOX_FILES = join(ROOT, '.n8n-sandbox', 'files');
const READABLE_FOLDERS = [join(ROOT, 'examples', 'data'), SANDBOX_FILES];

/** n8n's environment: our package loaded, SQLite in the given folder, no telemetry, no outbound calls. */
function n8nEnv(n8n, userFolder, extra = {}) {
	return {
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
		...extra,
	};
}

/** Runs an n8n CLI command to completion; throws with its output when it fails. */
function n8nCli(n8n, args, env) {
	const result = spawnSync(n8n.node, [n8n.bin, ...args], {
		env,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	if (result.status !== 0)
		throw new Error(
			`n8n ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
		);
	return result.stdout;
}

const PACKAGE_PREFIX = 'n8n-nodes-telco-billing.';

/**
 * Writes what `n8n import:*` reads: the sandbox credentials (pointing at the simulator and its mail sink),
 * and the example workflows with their node types as n8n names a package loaded by N8N_CUSTOM_EXTENSIONS.
 */
function prepareImports(folder, { simulatorUrl, apiKey, smtpPort }) {
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
	writeFileSync(join(folder, 'credentials.json'), JSON.stringify(credentials, null, 2));
	const examples = join(ROOT, 'examples');
	const ids = [];
	for (const file of readdirSync(examples).filter((f) => f.endsWith('.json'))) {
		const text = readFileSync(join(examples, file), 'utf8')
			.split(PACKAGE_PREFIX)
			.join('CUSTOM.')
			.split('__EXAMPLES_DATA__')
			.join(join(examples, 'data'));
		writeFileSync(join(folder, 'workflows', file), text);
		ids.push({ file, id: JSON.parse(text).id, name: JSON.parse(text).name });
	}
	return ids;
}

/** Starts a long-running n8n command (start, worker) with its output piped to the caller. */
function n8nSpawn(n8n, args, env, stdio = ['ignore', 'pipe', 'inherit']) {
	return spawn(n8n.node, [n8n.bin, ...args], { env, stdio });
}

/** The n8n line asked for: `--n8n <version>` on the command line, else TELCO_N8N_VERSION, else the newest. */
function requestedVersion(args = process.argv.slice(2)) {
	const index = args.indexOf('--n8n');
	const asked = index > -1 ? args[index + 1] : process.env.TELCO_N8N_VERSION;
	if (asked === 'newest' || !asked) return NEWEST;
	return asked === 'oldest' ? OLDEST : asked;
}

module.exports = {
	ROOT,
	SANDBOX_FILES,
	READABLE_FOLDERS,
	ensureN8n,
	n8nCli,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
};
