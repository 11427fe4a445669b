// The pinned n8n the sandbox and the end-to-end tests run: installed once into a cache folder outside the
// package's own dependencies, and the environment that keeps it offline and quiet.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { homedir } = require('node:os');
const { join, resolve } = require('node:path');

// The newest n8n that accepts Node 20 (2.10 and later need Node 22+).
const N8N_VERSION = '2.8.4';
const ROOT = resolve(__dirname, '../..');
const CACHE = process.env.TELCO_N8N_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-telco-billing', `n8n-${N8N_VERSION}`);
const MARKER = join(CACHE, '.installed');

// What installs a working n8n 2.8.4 from the npm registry alone: legacy peer resolution, xlsx from the
// registry (its default is a CDN this machine cannot reach), and a current @opentelemetry/core (legacy peer
// deps would hoist an old one, and the database start fails with "Class extends value undefined").
const CACHE_PACKAGE = {
	name: 'telco-billing-n8n-sandbox',
	private: true,
	// date-fns: a peer of ts-ics (Extract From File) that legacy peer resolution leaves out.
	dependencies: { n8n: N8N_VERSION, '@opentelemetry/core': '^2.1.0', 'date-fns': '^2.30.0' },
	// langgraph-checkpoint 1.0.1: the newest that works with the @langchain/core n8n pins (1.1.8); later ones
	// import a path that core lacks, and `n8n start` then cannot load.
	overrides: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.1' },
};

function n8nBin() {
	return join(CACHE, 'node_modules', 'n8n', 'bin', 'n8n');
}

// The marker records what was installed, so a change to CACHE_PACKAGE installs again.
function isInstalled() {
	return existsSync(MARKER) && existsSync(n8nBin()) && readFileSync(MARKER, 'utf8') === JSON.stringify(CACHE_PACKAGE);
}

/** Installs the pinned n8n into the cache if it is not there yet, showing progress. */
async function ensureN8n(log = console.log) {
	if (isInstalled()) return;
	mkdirSync(CACHE, { recursive: true });
	writeFileSync(join(CACHE, 'package.json'), `${JSON.stringify(CACHE_PACKAGE, null, 2)}\n`);
	writeFileSync(join(CACHE, '.npmrc'), 'legacy-peer-deps=true\nfund=false\naudit=false\nupdate-notifier=false\n');
	log(`Installing n8n ${N8N_VERSION} into ${CACHE} (first run only: about 4 minutes, 1.7 GB)…`);
	const started = Date.now();
	const heartbeat = setInterval(() => log(`  …still installing n8n (${Math.round((Date.now() - started) / 1000)} s)`), 20_000);
	try {
		await new Promise((resolveInstall, reject) => {
			const child = spawn('npm', ['install', '--no-audit', '--no-fund', '--loglevel=warn', '--progress=true'], { cwd: CACHE, stdio: ['ignore', 'inherit', 'inherit'] });
			child.on('exit', (code) => (code === 0 ? resolveInstall() : reject(new Error(`npm install of n8n failed (exit ${code})`))));
			child.on('error', reject);
		});
	} finally {
		clearInterval(heartbeat);
	}
	writeFileSync(MARKER, JSON.stringify(CACHE_PACKAGE));
	log(`n8n ${N8N_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** n8n's environment: our package loaded, SQLite in the given folder, no telemetry, no outbound calls. */
function n8nEnv(userFolder, extra = {}) {
	return {
		...process.env,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'telco-billing-sandbox-only-key',
		DB_TYPE: 'sqlite',
		N8N_CUSTOM_EXTENSIONS: join(ROOT, 'dist'),
		N8N_RESTRICT_FILE_ACCESS_TO: join(ROOT, 'examples', 'data'),
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
		...extra,
	};
}

/** Runs an n8n CLI command to completion; throws with its output when it fails. */
function n8nCli(args, env) {
	const result = spawnSync(process.execPath, [n8nBin(), ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
	if (result.status !== 0) throw new Error(`n8n ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
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
		{ id: 'telcoSandbox', name: 'Telco Billing (sandbox)', type: 'telcoBillingApi', data: { baseUrl: simulatorUrl, apiKey } },
		{ id: 'telcoSandboxSmtp', name: 'Sandbox mail (simulator)', type: 'smtp', data: { user: '', password: '', host: '127.0.0.1', port: smtpPort, secure: false, disableStartTls: true } },
	];
	writeFileSync(join(folder, 'credentials.json'), JSON.stringify(credentials, null, 2));
	const examples = join(ROOT, 'examples');
	const ids = [];
	for (const file of readdirSync(examples).filter((f) => f.endsWith('.json'))) {
		const text = readFileSync(join(examples, file), 'utf8')
			.split(PACKAGE_PREFIX).join('CUSTOM.')
			.split('__EXAMPLES_DATA__').join(join(examples, 'data'));
		writeFileSync(join(folder, 'workflows', file), text);
		ids.push({ file, id: JSON.parse(text).id, name: JSON.parse(text).name });
	}
	return ids;
}

module.exports = { CACHE, N8N_VERSION, ROOT, ensureN8n, isInstalled, n8nBin, n8nCli, n8nEnv, prepareImports };
