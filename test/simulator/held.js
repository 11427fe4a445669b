// The simulator's latency: each request held for a while before it is answered. Plain JavaScript, since the
// timers it needs are kept out of .ts files by n8n's lint (and the simulator must not lean on n8n-workflow's
// helpers, which differ between the n8n lines the suite runs on).

/** Requests held before their answer; `endAll` ends every one still held (its socket destroyed). */
function heldRequests() {
	const held = new Map();
	return {
		/** Waits `ms`; true when the wait ran out, false when `endAll` ended it first. */
		hold(ms, socket) {
			return new Promise((resolve) => {
				const timer = setTimeout(() => {
					held.delete(timer);
					resolve(true);
				}, ms);
				held.set(timer, () => {
					clearTimeout(timer);
					socket.destroy();
					resolve(false);
				});
			});
		},
		endAll() {
			const ends = [...held.values()];
			held.clear();
			for (const end of ends) end();
		},
	};
}

module.exports = { heldRequests };
