// Installs a supported n8n line (and the Node it needs) into a cache folder outside the package's own
// dependencies, verifies it, and re-verifies it cheaply at every start: a broken install is repaired or
// reinstalled, never reused.
const { spawn, spawnSync } = require('node:child_process');
const { track } = require('./children.js');
const {
	createWriteStream,
	existsSync,
	mkdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} = require('node:fs');
const { homedir } = require('node:os');
const { delimiter, dirname, join, sep } = require('node:path');
const { LINES, lineOf } = require('./n8n-lines.js');

const CACHE_ROOT =
	process.env.TELCO_N8N_CACHE ||
	join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'n8n-nodes-telco-billing');

class InstallError extends Error {}

/**
 * The environment for a nested npm: nothing of the npm that runs us. npm hands its settings to every child
 * as npm_config_* variables, and the project's ignore-scripts=true would silently skip sqlite3's build.
 */
function cleanEnv(pathFirst = []) {
	const env = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (/^npm_/i.test(name) || name === 'INIT_CWD' || name === 'NODE') continue;
		env[name] = value;
	}
	const inherited = (process.env.PATH || '')
		.split(delimiter)
		.filter((dir) => dir && !dir.includes(`node_modules${sep}.bin`));
	env.PATH = [...pathFirst, ...inherited].join(delimiter);
	return env;
}

/** Runs a command with its output in a log file, printing a heartbeat so a long step never looks hung. */
function run(command, args, { cwd, env, log, what, logFile }) {
	return new Promise((resolve, reject) => {
		const out = createWriteStream(logFile, { flags: 'a' });
		out.write(`\n$ ${command} ${args.join(' ')}\n`);
		const started = Date.now();
		const heartbeat = setInterval(
			() => log(`  …${what} (${Math.round((Date.now() - started) / 1000)} s)`),
			20_000,
		);
		// Kept with the sandbox's other processes: stopping the sandbox mid-install stops the install too.
		const child = track(spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
		child.stdout.pipe(out, { end: false });
		child.stderr.pipe(out, { end: false });
		const finish = (error) => {
			clearInterval(heartbeat);
			out.end(() => (error ? reject(error) : resolve()));
		};
		child.on('error', (error) =>
			finish(new InstallError(`${what}: could not run ${command} (${error.message})`)),
		);
		child.on('exit', (code) => {
			if (code === 0) return finish();
			const tail = readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n');
			finish(new InstallError(`${what} failed (exit ${code}). Last lines of ${logFile}:\n${tail}`));
		});
	});
}

function nodeVersionOf(binary) {
	const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined;
}

/**
 * The Node a line runs on: the machine's own when its major version matches, otherwise the same major from
 * the registry's `node` package (a Node binary shipped as an npm package), installed into the cache.
 */
async function ensureNode(version, log) {
	const major = version.split('.')[0];
	if (process.versions.node.split('.')[0] === major) {
		// Native builds need Node's headers; without them node-gyp would try to download them (offline: fails).
		const home = dirname(dirname(process.execPath));
		const nodedir = existsSync(join(home, 'include', 'node', 'common.gypi')) ? home : undefined;
		return {
			node: process.execPath,
			version: process.versions.node,
			binDir: dirname(process.execPath),
			nodedir,
		};
	}
	const dir = join(CACHE_ROOT, `node-${version}`);
	const home = join(
		dir,
		'node_modules',
		'node',
		'node_modules',
		`node-${process.platform}-${process.arch}`,
	);
	const node = join(home, 'bin', 'node');
	if (nodeVersionOf(node) !== version) {
		log(`Installing Node ${version} from the npm registry into ${dir}…`);
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		writeFileSync(
			join(dir, 'package.json'),
			`${JSON.stringify({ private: true, dependencies: { node: version } }, null, 2)}\n`,
		);
		await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts=false'], {
			cwd: dir,
			env: cleanEnv(),
			log,
			what: `installing Node ${version}`,
			logFile: join(dir, 'install.log'),
		});
		if (nodeVersionOf(node) !== version)
			throw new InstallError(`Node ${version} was installed into ${dir} but ${node} does not run`);
	}
	// Native modules build against the headers shipped beside the binary.
	return { node, version, binDir: dirname(node), nodedir: home };
}

function n8nBinOf(dir) {
	return join(dir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** The native modules of a line that do not load under its Node, each with the first line of its error. */
function brokenNatives(dir, runtime, line) {
	const broken = [];
	for (const name of line.verify) {
		const load = spawnSync(runtime.node, ['-e', `require(${JSON.stringify(name)})`], {
			cwd: dir,
			encoding: 'utf8',
		});
		if (load.status === 0) continue;
		const lines = load.stderr.split('\n');
		broken.push({ name, reason: lines.find((text) => /Error|Cannot find/.test(text)) ?? lines[0] });
	}
	return broken;
}

/** Why an install cannot be used, or undefined when its natives load and `n8n --version` answers. */
function problemWith(dir, runtime, line, version) {
	if (!existsSync(n8nBinOf(dir))) return 'n8n is not installed';
	const broken = brokenNatives(dir, runtime, line);
	if (broken.length > 0) {
		return `a native module does not load (${broken.map((b) => `${b.name}: ${b.reason}`).join('; ')})`;
	}
	const answer = spawnSync(runtime.node, [n8nBinOf(dir), '--version'], {
		encoding: 'utf8',
		env: {
			...cleanEnv([runtime.binDir]),
			N8N_USER_FOLDER: join(dir, '.verify'),
			N8N_DIAGNOSTICS_ENABLED: 'false',
		},
		timeout: 120_000,
	});
	if (answer.status !== 0 || !answer.stdout.includes(version))
		return `\`n8n --version\` did not answer ${version} (${(answer.stderr || answer.stdout).trim().split('\n').pop()})`;
	return undefined;
}

async function buildNatives(dir, runtime, line, log, logFile, only = line.natives) {
	const present = only.filter((name) => existsSync(join(dir, 'node_modules', name)));
	if (present.length === 0) return;
	await run('npm', ['rebuild', '--ignore-scripts=false', ...present], {
		cwd: dir,
		env: {
			...cleanEnv([runtime.binDir]),
			...(runtime.nodedir ? { npm_config_nodedir: runtime.nodedir } : {}),
		},
		log,
		what: `building n8n's native modules (${present.join(', ')})`,
		logFile,
	});
}

async function install(dir, runtime, line, version, log, logFile) {
	rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
	rmSync(join(dir, 'package-lock.json'), { force: true });
	mkdirSync(dir, { recursive: true });
	writeFileSync(
		join(dir, 'package.json'),
		`${JSON.stringify({ name: 'telco-billing-n8n-sandbox', private: true, ...line.package }, null, 2)}\n`,
	);
	writeFileSync(
		join(dir, '.npmrc'),
		'legacy-peer-deps=true\nfund=false\naudit=false\nupdate-notifier=false\n',
	);
	log(
		`Installing n8n ${version} on Node ${runtime.version} into ${dir} (first run only: ${line.estimate})…`,
	);
	await run(
		'npm',
		[
			'install',
			'--no-audit',
			'--no-fund',
			'--loglevel=warn',
			`--ignore-scripts=${line.ignoreScripts}`,
		],
		{
			cwd: dir,
			env: {
				...cleanEnv([runtime.binDir]),
				...(runtime.nodedir ? { npm_config_nodedir: runtime.nodedir } : {}),
			},
			log,
			what: `installing n8n ${version}`,
			logFile,
		},
	);
	if (line.ignoreScripts) await buildNatives(dir, runtime, line, log, logFile);
}

/**
 * A verified n8n of the given line, installed or repaired as needed:
 * `{ version, node, nodeVersion, binDir, bin, dir }`. Throws InstallError with what went wrong.
 */
async function ensureN8n({ version, log = console.log }) {
	const line = lineOf(version);
	if (!line)
		throw new InstallError(
			`n8n ${version} is not a line this package installs; choose one of ${Object.keys(LINES).join(', ')}`,
		);
	const runtime = await ensureNode(line.node, log);
	const dir = join(CACHE_ROOT, `n8n-${version}`);
	const marker = join(dir, '.installed');
	const logFile = join(dir, 'install.log');
	const recipe = JSON.stringify({ package: line.package, node: runtime.version });
	const result = {
		version,
		env: line.env,
		node: runtime.node,
		nodeVersion: runtime.version,
		binDir: runtime.binDir,
		bin: n8nBinOf(dir),
		dir,
	};
	const started = Date.now();
	mkdirSync(dir, { recursive: true });

	if (existsSync(marker) && readFileSync(marker, 'utf8') === recipe) {
		const problem = problemWith(dir, runtime, line, version);
		if (!problem) return result;
		log(`The cached n8n ${version} is broken: ${problem}. Repairing it…`);
		rmSync(marker, { force: true });
		// Only what does not load is built again: isolated-vm alone takes minutes.
		const broken = brokenNatives(dir, runtime, line).map((b) => b.name);
		await buildNatives(dir, runtime, line, log, logFile, broken).catch((error) =>
			log(String(error.message)),
		);
		if (!problemWith(dir, runtime, line, version)) {
			writeFileSync(marker, recipe);
			log(`n8n ${version} repaired in ${Math.round((Date.now() - started) / 1000)} s.`);
			return result;
		}
		log('Repair did not help: installing n8n again.');
	}
	rmSync(marker, { force: true });
	await install(dir, runtime, line, version, log, logFile);
	const problem = problemWith(dir, runtime, line, version);
	if (problem)
		throw new InstallError(
			`n8n ${version} was installed into ${dir} but cannot be used: ${problem}. See ${logFile}.`,
		);
	writeFileSync(marker, recipe);
	log(`n8n ${version} installed and verified in ${Math.round((Date.now() - started) / 1000)} s.`);
	return result;
}

module.exports = { CACHE_ROOT, InstallError, cleanEnv, ensureN8n };
