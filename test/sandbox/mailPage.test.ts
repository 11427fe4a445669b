import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';

// Plain JavaScript helpers: they need node:net.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSmtpSink } = require('../simulator/smtp.js') as {
	startSmtpSink(
		mailbox: unknown[],
		port?: number,
	): Promise<{ port: number; close(): Promise<void> }>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { smtpSend: send } = require('./smtpSend.js') as {
	smtpSend(port: number, from: string, to: string, message: string): Promise<void>;
};

const CSV = 'cid,name,balance\n1001,Acme Pty Ltd,1250.50\n1002,Bolt & Co,0.00\n';

// What n8n's Send Email (nodemailer) writes for an HTML report with a CSV attached.
const REPORT_MAIL = [
	'From: Billing Reports <reports@example.com>',
	'To: finance@example.com',
	'Subject: =?UTF-8?Q?Receivables_=E2=80=93_November?=',
	'Date: Mon, 23 Nov 2026 09:00:00 +0000',
	'MIME-Version: 1.0',
	'Content-Type: multipart/mixed; boundary="--_mixed"',
	'',
	'----_mixed',
	'Content-Type: multipart/alternative; boundary="--_alt"',
	'',
	'----_alt',
	'Content-Type: text/plain; charset=utf-8',
	'Content-Transfer-Encoding: 7bit',
	'',
	'Receivables for November',
	'----_alt',
	'Content-Type: text/html; charset=utf-8',
	'Content-Transfer-Encoding: quoted-printable',
	'',
	'<h1>Receivables</h1><table><tr><td>Acme Pty Ltd</td><td>1250.50</td></tr></t=',
	'able><script>alert(1)</script>',
	'----_alt--',
	'',
	'----_mixed',
	"Content-Type: text/csv; name*=utf-8''receivables%E2%80%93nov.csv",
	'Content-Transfer-Encoding: base64',
	"Content-Disposition: attachment; filename*=utf-8''receivables%E2%80%93nov.csv",
	'',
	Buffer.from(CSV).toString('base64'),
	'----_mixed--',
	'',
].join('\n');

let sim: Simulator;
let smtp: { port: number; close(): Promise<void> };
beforeEach(async () => {
	sim = await startSimulator();
	smtp = await startSmtpSink(sim.state.mailbox);
});
afterEach(async () => {
	await smtp.close();
	await sim.close();
});

test('the mail page shows a received mail as mail: headers, the HTML body rendered, attachments by name and size', async () => {
	await send(smtp.port, 'reports@example.com', 'finance@example.com', REPORT_MAIL);
	const response = await fetch(`${sim.url}/__simulator/mail`);
	expect(response.headers.get('content-type')).toMatch(/^text\/html/);
	const html = await response.text();
	expect(html).toContain('<h2>Receivables – November</h2>');
	expect(html).toContain('<dt>From</dt><dd>Billing Reports &lt;reports@example.com&gt;</dd>');
	expect(html).toContain('<dt>To</dt><dd>finance@example.com</dd>');
	expect(html).toContain('<dt>Date</dt><dd>Mon, 23 Nov 2026 09:00:00 GMT</dd>');
	expect(html).toContain(
		`<strong>receivables–nov.csv</strong> <span>${CSV.length} bytes, text/csv</span>`,
	);
	// The HTML body in a sandboxed frame (scripts never run), decoded from quoted-printable.
	expect(html).toMatch(
		/<iframe class="body" sandbox [^>]*srcdoc="&lt;h1&gt;Receivables&lt;\/h1&gt;&lt;table&gt;.*&lt;\/table&gt;/,
	);
	// No raw MIME.
	expect(html).not.toMatch(/Content-Transfer-Encoding|----_mixed|=E2=80=93|base64/);
});

test('a text-only mail shows its text; the read view is JSON for tests', async () => {
	await send(
		smtp.port,
		'n8n@example.com',
		'ops@example.com',
		[
			'From: n8n@example.com',
			'To: ops@example.com',
			'Subject: CDR feed stale',
			'',
			'No CDRs for 6 hours.',
			'.dot line',
		].join('\n'),
	);
	const html = await (await fetch(`${sim.url}/__simulator/mail`)).text();
	expect(html).toContain('<pre class="body">No CDRs for 6 hours.\n.dot line</pre>');
	const json = (await (await fetch(`${sim.url}/__simulator/mail.json`)).json()) as {
		received: Array<Record<string, unknown>>;
	};
	expect(json.received).toEqual([
		expect.objectContaining({
			from: 'n8n@example.com',
			to: 'ops@example.com',
			subject: 'CDR feed stale',
			text: 'No CDRs for 6 hours.\n.dot line',
			attachments: [],
		}),
	]);
});

test('an empty mailbox says where mail comes from', async () => {
	const html = await (await fetch(`${sim.url}/__simulator/mail`)).text();
	expect(html).toContain('No mail yet');
	expect(html).toContain('port 2525');
});

test('a campaign mail shows the platform’s own time as Melbourne wall clock, never relabelled GMT', async () => {
	sim.state.bulkEmail.outbox.push({
		campaign_id: 501,
		cid: 1001,
		to: 'liam.smith1@example.com',
		subject: 'Planned maintenance',
		content: '<p>Hi</p>',
		at: '2026-11-26 09:46:47',
	});
	const html = await (await fetch(`${sim.url}/__simulator/mail`)).text();
	expect(html).toContain('<td>2026-11-26 09:46:47 (Melbourne)</td>');
	expect(html).not.toContain('GMT</td>');
});
