import { ON_FREE_PORTS, simulatorExit, spawnSimulator } from './spawn';

/*
 * `npm run simulator` (test/simulator/cli.js): `--help` prints its usage and starts nothing; an option it does not
 * know, or one without its value, is refused with the usage; its banner names the mail page, the one mail path the
 * docs and `npm start`'s banner name too, and that page answers.
 */

test.each([['--help'], ['-h']])(
	'%s prints the usage, naming every option, and starts nothing',
	async (flag) => {
		const { code, stdout, stderr } = await simulatorExit([flag]);
		expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
		expect(stdout).toMatch(/^Usage: npm run simulator -- \[options\]/);
		for (const option of [
			'--port',
			'--smtp-port',
			'--traits',
			'--extras',
			'--fail-after-write',
			'--day-every',
		])
			expect(stdout).toContain(`${option} `);
		expect(stdout).not.toContain('is running');
	},
);

test.each([
	[['--prot', '8787'], 'unknown option --prot'],
	[['--latency'], '--latency needs a value: --latency <ms>'],
])('%j is refused with the usage', async (args, why) => {
	const { code, stdout, stderr } = await simulatorExit(args);
	expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
	expect(stderr.split('\n')[0]).toBe(why);
	expect(stderr).toContain('Usage: npm run simulator -- [options]');
});

test('its banner names the mail page, which answers', async () => {
	const { child, url, output } = await spawnSimulator(ON_FREE_PORTS);
	try {
		expect(output()).toContain(`received mail: ${url}/__simulator/mail\n`);
		const page = await fetch(`${url}/__simulator/mail`);
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/^text\/html/);
		await page.text();
	} finally {
		const stopped = new Promise((resolve) => child.once('exit', () => resolve(undefined)));
		child.kill();
		await stopped;
	}
});
