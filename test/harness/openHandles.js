// A test that leaves a timer running or a server or socket open keeps its jest worker alive after the run ("A
// worker process has failed to exit gracefully"), and the next run cannot tell a leak from noise. Each test
// folder's run ends by checking that what keeps Node.js alive is what kept it alive before the first test.
// TELCO_TRACE_HANDLES=1 records where each timer, server and socket was made, to name the leak's maker.
const { createHook } = require('node:async_hooks');

const WATCHED = new Set(['Timeout', 'TCPSERVERWRAP', 'TCPWRAP', 'TLSWRAP', 'PROCESSWRAP']);
const makers = new Map();
if (process.env.TELCO_TRACE_HANDLES)
	createHook({
		init(id, type, _trigger, resource) {
			if (WATCHED.has(type)) makers.set(id, { type, resource, stack: new Error().stack });
		},
		destroy(id) {
			makers.delete(id);
		},
	}).enable();

const counts = (names) =>
	names.reduce((all, name) => all.set(name, (all.get(name) ?? 0) + 1), new Map());

/** What keeps Node.js alive now, counted by kind. */
const openNow = () => counts(process.getActiveResourcesInfo());

/** What keeps Node.js alive now, beyond `before` and the one timer of the jest hook asking. */
function leftOpen(before) {
	const now = counts(process.getActiveResourcesInfo());
	now.set('Timeout', (now.get('Timeout') ?? 0) - 1);
	return [...now]
		.map(([name, count]) => [name, count - (before.get(name) ?? 0)])
		.filter(([, extra]) => extra > 0)
		.map(([name, extra]) => `${extra} ${name}`);
}

/** What is left open beyond `before` once what is closing has closed (a closed server or socket is released
 * on a later turn of the event loop); half a second at most. */
async function stillOpen(before) {
	let open = leftOpen(before);
	for (let wait = 0; open.length && wait < 20; wait++) {
		await new Promise((resolve) => setTimeout(resolve, 25));
		open = leftOpen(before);
	}
	return open;
}

/** Registers, in the calling jest file, a last check that its tests left nothing open. */
function expectNothingLeftOpen() {
	const before = openNow();
	afterAll(async () => {
		const open = await stillOpen(before);
		const traced = [...makers.values()]
			.filter(({ resource }) => typeof resource.hasRef !== 'function' || resource.hasRef())
			.map(({ type, stack }) => `${type} ${stack.split('\n').slice(2, 9).join('\n')}`);
		const where = process.env.TELCO_TRACE_HANDLES
			? traced.join('\n\n')
			: 'run the folder again with TELCO_TRACE_HANDLES=1 to see where each was made';
		if (open.length)
			throw new Error(
				`The tests left open: ${open.join(', ')}. Close what a test starts; ${where}`,
			);
	});
}

module.exports = { expectNothingLeftOpen, openNow, stillOpen };
