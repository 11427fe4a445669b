// Small waits the scripts that run n8n share: a free port, and waiting on a condition with a deadline.
const net = require('node:net');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The ports this process has handed out: the kernel may give a probed port again before its first taker has
// bound it (a queue run's worker met its main's: "n8n Task Broker's port … is already in use").
const handedOut = new Set();

function probedPort() {
	return new Promise((resolve, reject) => {
		const probe = net.createServer();
		probe.once('error', reject);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address();
			probe.close(() => resolve(port));
		});
	});
}

/** A port nothing listens on now, on 127.0.0.1, and never one this process handed out before. */
async function freePort() {
	for (;;) {
		const port = await probedPort();
		if (handedOut.has(port)) continue;
		handedOut.add(port);
		return port;
	}
}

/** Waits until check() returns something truthy; fails with what it waited for after `seconds`. */
async function waitUntil(what, check, seconds = 60, every = 500) {
	const deadline = Date.now() + seconds * 1000;
	for (;;) {
		const value = await check();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}`);
		await sleep(every);
	}
}

module.exports = { freePort, sleep, waitUntil };
