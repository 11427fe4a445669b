// Every process the sandbox starts (the simulator, n8n, an n8n install in progress), kept here as it is started, so
// that stopping the sandbox by any route (Ctrl-C, SIGTERM, its input closed, n8n or the simulator stopping) stops
// them all and waits until they are gone: no n8n is left running, and its ports are free again.

const running = new Map();

/**
 * Keeps `child` until it exits. `group`: the child leads a process group of its own (spawned `detached`), which is
 * stopped whole: n8n with the task runners it starts.
 */
function track(child, { group = false } = {}) {
	running.set(child, { group });
	child.once('exit', () => running.delete(child));
	return child;
}

/** Sends `signal` to the child, or to its whole group; a process already gone is no error. */
function signal(child, { group }, name) {
	try {
		if (group) process.kill(-child.pid, name);
		else child.kill(name);
	} catch (error) {
		if (error.code !== 'ESRCH') throw error;
	}
}

const exited = (child) =>
	child.exitCode !== null || child.signalCode !== null
		? Promise.resolve()
		: new Promise((resolve) => child.once('exit', resolve));

/**
 * Stops every child kept: SIGTERM (n8n shuts down as it does on Ctrl-C), then SIGKILL to whatever is still there
 * after `graceMs`, or at once when `now()` says so (a second Ctrl-C). A group is swept once its leader is gone, so
 * no task runner outlives n8n. Resolves once every child has exited.
 */
async function stopChildren({ graceMs = 20_000, now } = {}) {
	const children = [...running];
	for (const [child, how] of children) signal(child, how, 'SIGTERM');
	let timer;
	const forced = new Promise((resolve) => {
		timer = setTimeout(resolve, graceMs);
		now?.(resolve);
	});
	await Promise.race([Promise.all(children.map(([child]) => exited(child))), forced]);
	clearTimeout(timer);
	for (const [child, how] of children) signal(child, how, 'SIGKILL');
	await Promise.all(children.map(([child]) => exited(child)));
}

module.exports = { stopChildren, track };
