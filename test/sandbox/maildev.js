// MailDev (the npm package `maildev`): a mail server nobody here wrote, for the report email's end-to-end test.
// Installed from the npm registry into the cache on first use (pinned, re-verified each run), run under the
// given Node (its dependencies need Node 22 or later) on free ports on 127.0.0.1, its mail in a folder of its
// own; its REST API reads what arrived.
const { spawn, spawnSync } = require('node:child_process');
const {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { CACHE_ROOT, cleanEnv } = require('./n8n-install.js');
const { freePort, waitUntil } = require('./waiting.js');

const MAILDEV_VERSION = '3.0.0';

function installedVersion(dir) {
	const manifest = join(dir, 'node_modules', 'maildev', 'package.json');
	return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : undefined;
}

/** MailDev's folder in the cache, installed when missing or another version. */
function ensureMailDev(log = () => {}) {
	const dir = join(CACHE_ROOT, `maildev-${MAILDEV_VERSION}`);
	if (installedVersion(dir) === MAILDEV_VERSION) return dir;
	log(`Installing MailDev ${MAILDEV_VERSION} from the npm registry into ${dir}…`);
	rmSync(dir, { recursive: true, force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, 'package.json'),
		`${JSON.stringify({ private: true, dependencies: { maildev: MAILDEV_VERSION } }, null, 2)}\n`,
	);
	const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--omit=dev'], {
		cwd: dir,
		env: cleanEnv(),
		encoding: 'utf8',
	});
	if (install.status !== 0 || installedVersion(dir) !== MAILDEV_VERSION)
		throw new Error(`installing MailDev failed (exit ${install.status}):\n${install.stderr}`);
	return dir;
}

/**
 * Starts MailDev under `node`: its SMTP port, the mail it holds (`emails()`), an attachment's text, and
 * `stop()`, which also removes its mail folder.
 */
async function startMailDev({ node, log = () => {} }) {
	const dir = ensureMailDev(log);
	const [smtpPort, webPort] = [await freePort(), await freePort()];
	const mail = mkdtempSync(join(tmpdir(), 'maildev-'));
	const child = spawn(
		node,
		[
			join(dir, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
			...['--smtp', String(smtpPort), '--ip', '127.0.0.1'],
			...['--web', String(webPort), '--web-ip', '127.0.0.1'],
			...['--mail-directory', mail],
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const exited = new Promise((resolve) => child.once('exit', resolve));
	const api = `http://127.0.0.1:${webPort}/api`;
	const get = async (path) => await fetch(`${api}${path}`);
	await waitUntil(
		`MailDev answering (it printed: ${output.trim() || 'nothing'})`,
		async () =>
			child.exitCode === null &&
			(await get('/email').then(
				(r) => r.ok,
				() => false,
			)),
		60,
	);
	return {
		smtpPort,
		emails: async () => await (await get('/email')).json(),
		attachment: async (id, fileName) =>
			await (await get(`/email/${id}/attachment/${encodeURIComponent(fileName)}`)).text(),
		stop: async () => {
			if (child.exitCode === null) child.kill('SIGTERM');
			await exited;
			rmSync(mail, { recursive: true, force: true });
		},
	};
}

module.exports = { MAILDEV_VERSION, startMailDev };
