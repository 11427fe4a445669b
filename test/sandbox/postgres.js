// PostgreSQL from Debian's packages for the scripts that need a real database (the queue run's n8n database,
// the CRM of the CRM-sync test): a cluster in a folder of its own, on a free port on 127.0.0.1, never run as
// root, trust authentication for its one superuser, nothing kept afterwards.
const { spawn, spawnSync } = require('node:child_process');
const { chownSync, createWriteStream, existsSync, readFileSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { freePort, waitUntil } = require('./waiting.js');

/**
 * Debian's binary folder of the newest PostgreSQL installed (`/usr/lib/postgresql/<major>/bin`): Debian keeps
 * initdb and postgres off PATH. `.ci/run` installs the `postgresql` package when none is there.
 */
function postgresBin() {
	const root = '/usr/lib/postgresql';
	const majors = existsSync(root)
		? readdirSync(root)
				.filter((major) => existsSync(join(root, major, 'bin', 'initdb')))
				.sort((a, b) => Number(b) - Number(a))
		: [];
	if (!majors.length) throw new Error(`no PostgreSQL under ${root}: apt-get install -y postgresql`);
	return join(root, majors[0], 'bin');
}

const readLog = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** The default keeping of the server's output: a log file of its own, `gone` set when it stops. */
function ownLog(name, child, logFile) {
	const stream = createWriteStream(logFile);
	child.stdout.pipe(stream);
	child.stderr.pipe(stream);
	child.logFile = logFile;
	child.exited = new Promise((resolve) => child.once('exit', resolve));
	child.exited.then(() => (child.gone = true));
	return child;
}

/**
 * Who runs the server: PostgreSQL refuses root, so root (CI here, a developer's machine) runs it as the postgres
 * user, in a folder made that user's; anyone else (a GitHub runner) runs it as themselves.
 */
function serverUser(folder) {
	if (process.getuid?.() !== 0) return {};
	const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
	if (id('-u').status !== 0) throw new Error('no postgres user to run PostgreSQL as');
	const uid = Number(id('-u').stdout.trim());
	const gid = Number(id('-g').stdout.trim());
	chownSync(folder, uid, gid);
	return { uid, gid };
}

/**
 * Starts PostgreSQL with its data in `folder` (see serverUser for whose). `track(name, child, logFile)` keeps
 * the server process as the caller keeps its others (it must pipe the output to `logFile` and set
 * `child.gone` when it stops); by default it logs to `<folder>/postgres.log`. Resolves once the server accepts
 * connections, with its port, the superuser's name and `stop()`.
 */
async function startPostgres(folder, { user = 'n8n', track = ownLog, logFile } = {}) {
	const bin = postgresBin();
	const as = serverUser(folder);
	const data = join(folder, 'data');
	const init = spawnSync(
		join(bin, 'initdb'),
		['-D', data, '-U', user, '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'],
		{ ...as, encoding: 'utf8', cwd: folder },
	);
	if (init.status !== 0) throw new Error(`initdb failed:\n${init.stdout}\n${init.stderr}`);
	const port = await freePort();
	const child = track(
		'postgres',
		spawn(
			join(bin, 'postgres'),
			[
				'-D',
				data,
				'-p',
				String(port),
				// The socket in the cluster's own folder: /var/run/postgresql may not exist, or be another's.
				'-k',
				folder,
				'-c',
				'listen_addresses=127.0.0.1',
				'-c',
				'fsync=off',
				'-c',
				'max_connections=100',
			],
			{ ...as, cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] },
		),
		logFile ?? join(folder, 'postgres.log'),
	);
	await waitUntil(
		'PostgreSQL to accept connections',
		() => {
			if (child.gone) throw new Error(`postgres stopped:\n${readLog(child.logFile)}`);
			return /ready to accept connections/.test(readLog(child.logFile));
		},
		60,
	);
	const stop = async () => {
		if (child.gone || child.exitCode !== null) return;
		// Fast shutdown: open sessions (n8n's pool) are ended rather than waited for.
		child.kill('SIGINT');
		await waitUntil('PostgreSQL to stop', () => child.gone || child.exitCode !== null, 30, 100);
	};
	return { port, user, child, stop };
}

/**
 * Runs SQL through Debian's psql on the server at `port` and returns what it printed (unaligned, tuples
 * only); throws with psql's error at the first failing statement.
 */
function psql(port, sql, { user = 'n8n', database = 'postgres' } = {}) {
	const result = spawnSync(
		join(postgresBin(), 'psql'),
		[
			'-X',
			'-q',
			'-A',
			'-t',
			'-v',
			'ON_ERROR_STOP=1',
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
			'-U',
			user,
			'-d',
			database,
		],
		{ input: sql, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
	);
	if (result.status !== 0) throw new Error(`psql failed (${result.status}):\n${result.stderr}`);
	return result.stdout;
}

/** The rows a query returns, as JSON values (PostgreSQL's json_agg: numbers, strings, nulls). */
function queryRows(port, query, options) {
	const out = psql(port, `SELECT coalesce(json_agg(q), '[]') FROM (${query}) q;`, options);
	return JSON.parse(out);
}

module.exports = { postgresBin, psql, queryRows, startPostgres };
