// n8n's services live in one container per test file (test/bundles/runFolder.js makes it anew for each). Some
// prepare for n8n's exit when made: the SSH tunnels' manager adds a process 'exit' listener and a minute-long
// timer. A real n8n makes them once and exits; a test run makes one a file, so each file ends them as n8n's
// exit would: the listeners it added are called, then removed.

/** Starts a file's share of n8n's services; returns what ends them. */
function servicesOfAFile() {
	const before = new Set(process.listeners('exit'));
	return function endServices() {
		for (const listener of process.listeners('exit')) {
			if (before.has(listener)) continue;
			process.removeListener('exit', listener);
			listener.call(process, 0);
		}
	};
}

module.exports = { servicesOfAFile };
