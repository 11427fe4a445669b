// Plain JavaScript: running npm needs node:child_process, which the lint's shipped-code rules keep out of .ts.
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..', '..');

/**
 * The files `npm pack` would put in the published tarball, with the packed size, or undefined when the package
 * is not built (no dist/nodes).
 */
function packed() {
	if (!existsSync(join(ROOT, 'dist', 'nodes'))) return undefined;
	const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
	const run = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (run.status !== 0) throw new Error(`npm pack --dry-run failed: ${run.stderr}`);
	const [report] = JSON.parse(run.stdout);
	return { files: report.files.map((file) => file.path), size: report.size };
}

module.exports = { packed };
