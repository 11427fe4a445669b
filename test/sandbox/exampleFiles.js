// Plain JavaScript: reading the examples folder needs node:fs, which the lint's shipped-code rules keep out of .ts.
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const EXAMPLES = join(__dirname, '..', '..', 'examples');

/** Every example workflow file as it ships: its name, its text and the workflow. */
function exampleFiles() {
	return readdirSync(EXAMPLES)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((file) => {
			const text = readFileSync(join(EXAMPLES, file), 'utf8');
			return { file, text, workflow: JSON.parse(text) };
		});
}

module.exports = { exampleFiles };
