// The scheduled report email with a real mail server nobody here wrote: the report example, imported into a
// real n8n and run with `n8n execute`, sends through n8n's Send Email node to MailDev (test/sandbox/maildev.js);
// what finance receives is read from MailDev's API. The CSV attached must say what the table in the body says,
// cell for cell, money as text with two decimals; the sentence above the table carries the table's total.
// Newest supported line only (the Send Email node is n8n's; the Report node is the same on every line).
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const {
	ensureN8n,
	executeOutput,
	importInto,
	n8nCli,
	n8nEnv,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { NEWEST } = require('../sandbox/n8n-lines.js');
const { ON_FREE_PORTS, spawnSimulator } = require('../simulator/spawn.js');
const { freePort } = require('../sandbox/waiting.js');
const { startMailDev } = require('../sandbox/maildev.js');

const line = requestedVersion([]);
const log = (text) => process.stderr.write(`[report mail e2e] ${text}\n`);
const REPORT = 'Telco Billing example: weekly receivables report by email';

/** The cells of each `<tr>` in an HTML section, as text (the entities the report writes decoded). */
function rowsIn(html, section, tag) {
	const part = new RegExp(`<${section}>(.*?)</${section}>`, 's').exec(html)?.[1] ?? '';
	const decode = (text) =>
		text
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			.replace(/&#39;/g, "'")
			.replace(/&amp;/g, '&');
	return [...part.matchAll(/<tr>(.*?)<\/tr>/gs)].map((row) =>
		[...row[1].matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, 'gs'))].map((m) => decode(m[1])),
	);
}

/** A CSV's rows: fields split on commas outside quotes, quotes undone. */
function csvRows(text) {
	return text
		.trim()
		.split(/\r?\n/)
		.map((row) =>
			[...row.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
				.filter((m, i, all) => i < all.length - 1 || m[0] !== '')
				.map((m) => m[1].replace(/^"(.*)"$/s, '$1').replace(/""/g, '"')),
		);
}

(line === NEWEST ? describe : describe.skip)(
	`Report email through MailDev on n8n ${NEWEST}`,
	() => {
		let n8n;
		let env;
		let folder;
		let simulator;
		let maildev;
		let workflows;

		beforeAll(async () => {
			n8n = await ensureN8n({ version: line, log });
			const sim = await spawnSimulator(ON_FREE_PORTS);
			simulator = sim;
			// MailDev's dependencies need Node 22 or later: it runs under the line's own Node.
			maildev = await startMailDev({ node: n8n.node, log });
			folder = mkdtempSync(join(tmpdir(), 'n8n-telco-mail-e2e-'));
			env = n8nEnv(n8n, folder, {
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				N8N_LOG_LEVEL: 'error',
			});
			workflows = prepareImports(join(folder, 'imports'), {
				simulatorUrl: sim.url,
				apiKey: 'demo-key-0001',
				smtpPort: maildev.smtpPort,
			});
			importInto(
				n8n,
				env,
				join(folder, 'imports', 'credentials.json'),
				join(folder, 'imports', 'workflows'),
			);
		});

		afterAll(async () => {
			simulator?.child.kill('SIGTERM');
			await maildev?.stop();
			if (folder) rmSync(folder, { recursive: true, force: true });
		});

		test('finance gets one mail whose attached CSV says what its table says, money as the table shows it', async () => {
			const { id } = workflows.find((w) => w.name === REPORT);
			const { output } = executeOutput(
				n8nCli(n8n, ['execute', `--id=${id}`, '--rawOutput'], { ...env, N8N_LOG_LEVEL: 'info' }),
			);
			const [report] = output('Aged Receivables')[0];

			const emails = await maildev.emails();
			expect(emails).toHaveLength(1);
			const [mail] = emails;
			expect(mail.to.map((to) => to.address)).toEqual(['finance@telco.example']);
			expect(mail.subject).toMatch(/^Aged receivables, /);

			const headings = rowsIn(mail.html, 'thead', 'th')[0];
			const rows = rowsIn(mail.html, 'tbody', 'td');
			const totals = rowsIn(mail.html, 'tfoot', 'th')[0];
			expect(rows).toHaveLength(report.count);
			const [attached] = mail.attachments;
			expect(attached).toMatchObject({ contentType: 'text/csv' });
			expect(attached.filename).toMatch(/^aged-receivables_\d{4}-\d{2}-\d{2}\.csv$/);
			const [csvHeadings, ...csvLines] = csvRows(
				await maildev.attachment(mail.id, attached.generatedFileName),
			);
			// Cell for cell: what finance reads in the table is what the spreadsheet opens.
			expect(csvHeadings).toEqual(headings);
			expect(csvLines).toEqual(rows);
			const balance = headings.indexOf('Balance');
			for (const row of csvLines) expect(row[balance]).toMatch(/^-?\d+\.\d{2}$/);
			// The sentence above the table gives the table's Total as it shows it.
			expect(totals[0]).toBe('Total');
			expect(mail.html).toContain(
				`${report.count} customers owe $${totals[balance]} in total. The rows are attached as ${attached.filename}.`,
			);
			log(
				`one mail, ${rows.length} rows, total $${totals[balance]}, ${attached.size} bytes of CSV`,
			);
		});
	},
);
