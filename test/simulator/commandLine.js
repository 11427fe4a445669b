// The command lines of `npm start` (test/sandbox/start.js) and `npm run simulator` (cli.js), read one way: every
// option is one the script knows, every option that takes a value has one, and `--help` (or `-h`) asks for the
// usage. An option a script would ignore (a typo: `--n8n-prot`) is refused with the usage, before anything starts.

/**
 * Reads `args` against `known`: option name (without `--`) → `{ value: '<port>' }` for an option that takes a
 * value, `{}` for a switch. Returns `{ help: true }`, or `{ options }` (name → value, or true for a switch); throws
 * an Error saying what is wrong.
 */
function readCommandLine(args, known) {
	const options = {};
	for (let i = 0; i < args.length; i++) {
		const arg = args[i];
		if (arg === '--help' || arg === '-h') return { help: true };
		const name = arg.startsWith('--') ? arg.slice(2) : undefined;
		if (name === undefined || !Object.prototype.hasOwnProperty.call(known, name))
			throw new Error(`unknown option ${arg}`);
		if (!known[name].value) {
			options[name] = true;
			continue;
		}
		const value = args[i + 1];
		if (value === undefined || value.startsWith('--'))
			throw new Error(`--${name} needs a value: --${name} ${known[name].value}`);
		options[name] = value;
		i++;
	}
	return { options };
}

/** The usage: `synopsis`, what the command does, then one line an option, as `known` describes them. */
function usageOf(synopsis, about, known) {
	const lines = Object.entries(known).map(([name, { value, help }]) => [
		`--${name}${value ? ` ${value}` : ''}`,
		help,
	]);
	lines.push(['-h, --help', 'print this and start nothing']);
	const width = Math.max(...lines.map(([flag]) => flag.length)) + 2;
	return [
		`Usage: ${synopsis}`,
		'',
		about,
		'',
		'Options:',
		...lines.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`),
	].join('\n');
}

/**
 * The command line of a script, read: its options, or the process ended with the usage (`--help`: printed, exit
 * 0; a wrong option: refused on stderr, exit 2) before anything starts.
 */
function commandLineOrExit(args, synopsis, about, known) {
	const usage = usageOf(synopsis, about, known);
	let read;
	try {
		read = readCommandLine(args, known);
	} catch (error) {
		process.stderr.write(`${error.message}\n\n${usage}\n`);
		process.exit(2);
	}
	if (read.help) {
		process.stdout.write(`${usage}\n`);
		process.exit(0);
	}
	return read.options;
}

module.exports = { commandLineOrExit, readCommandLine, usageOf };
