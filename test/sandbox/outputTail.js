// The last lines a child process printed, stdout and stderr together: what the sandbox quotes when n8n stops
// before it answers, so the reason is in the failure message itself, not somewhere above it (or nowhere).

// Colour codes, should n8n print any, would garble the quote.
const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, '').trimEnd();

/** Keeps the last `max` non-empty lines written to it (chunks from several streams, in arrival order). */
function outputTail(max = 30) {
	const lines = [];
	// Per stream: a chunk can end in the middle of a line.
	const partial = new Map();
	return {
		/** Feeds a stream's output; `stream` keeps two streams' half lines apart. */
		write(chunk, stream = 'stdout') {
			const parts = ((partial.get(stream) ?? '') + String(chunk)).split(/\r?\n/);
			partial.set(stream, parts.pop());
			for (const line of parts.map(plain)) if (line.trim()) lines.push(line);
			lines.splice(0, Math.max(0, lines.length - max));
		},
		/** The lines kept, with each stream's unfinished last line. */
		lines() {
			const unfinished = [...partial.values()].map(plain).filter((line) => line.trim());
			return [...lines, ...unfinished].slice(-max);
		},
	};
}

/** "Its last lines" and the lines, indented; `silence` when the process printed nothing. */
function quoteTail(tail, silence) {
	const lines = tail.lines();
	if (!lines.length) return silence;
	return `Its last lines (stdout and stderr):\n${lines.map((line) => `  | ${line}`).join('\n')}`;
}

module.exports = { outputTail, quoteTail };
