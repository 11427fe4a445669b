// Starts the simulator CLI in a child process and resolves once it has printed its base URL and mail port:
// the sandbox, the end-to-end suite and the benchmark all run it this way.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

// Free ports for HTTP and mail, and campaigns sent only when a test asks: how every script runs it.
const ON_FREE_PORTS = ['--port', '0', '--smtp-port', '0', '--sender-interval', '0'];

/** `detached`: the simulator leads a process group of its own (the sandbox stops it as one, children.js). */
function spawnSimulator(args = [], { echo = false, detached = false } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(process.execPath, [join(__dirname, 'cli.js'), ...args], {
			stdio: ['ignore', 'pipe', 'inherit'],
			detached,
		});
		let output = '';
		child.stdout.on('data', (chunk) => {
			if (echo) process.stdout.write(chunk);
			output += chunk;
			const url = /Base URL: (\S+)/.exec(output);
			const smtp = /SMTP sink: 127\.0\.0\.1:(\d+)/.exec(output);
			if (url && smtp)
				resolve({ child, url: url[1], smtpPort: Number(smtp[1]), output: () => output });
		});
		child.on('exit', (code) => reject(new Error(`the simulator stopped (exit ${code})`)));
	});
}

/** Runs the simulator CLI expecting it to stop by itself (a refused option, --help): its exit code and output. */
function simulatorExit(args = []) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [join(__dirname, 'cli.js'), ...args], {
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		child.on('close', (code) => resolve({ code, stdout, stderr }));
	});
}

module.exports = { ON_FREE_PORTS, spawnSimulator, simulatorExit };
