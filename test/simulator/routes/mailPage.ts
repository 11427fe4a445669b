import type { FastifyInstance } from 'fastify';
import { readMail } from '../mime';
import type { ReadMail } from '../mime';
import type { State } from '../state';

/**
 * The sandbox's mail as a person reads it, at /__simulator/mail: what n8n's Send Email delivered to the
 * simulator's SMTP sink (From, To, Subject, Date, the HTML body rendered or the text body, attachments by
 * name and size), and what the platform's bulk email sent. /__simulator/mail.json gives the same, read,
 * for tests; /__simulator/mailbox and /__simulator/outbox keep the raw records.
 */
export function registerMailPage(app: FastifyInstance, state: State): void {
	app.get('/__simulator/mail.json', async () => ({
		received: received(state),
		campaigns: campaigns(state),
	}));
	app.get('/__simulator/mail', async (_request, reply) =>
		reply.type('text/html; charset=utf-8').send(page(received(state), campaigns(state))),
	);
}

type Shown = ReadMail & { receivedAt: string };

function received(state: State): Shown[] {
	return state.mailbox
		.map((message) => {
			const mail = readMail(message.message);
			return {
				...mail,
				// The envelope says who it was for when the headers do not (Bcc).
				from: mail.from || message.from,
				to: mail.to || message.to.join(', '),
				receivedAt: message.at,
			};
		})
		.reverse();
}

function campaigns(state: State) {
	return [...state.bulkEmail.outbox].reverse();
}

function escape(text: unknown): string {
	return String(text ?? '').replace(
		/[&<>"']/g,
		(c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
	);
}

export function size(bytes: number): string {
	if (bytes < 1024) return `${bytes} bytes`;
	const kb = bytes / 1024;
	return kb < 1024 ? `${kb.toFixed(1)} KB` : `${(kb / 1024).toFixed(1)} MB`;
}

function when(date: string, fallback: string): string {
	// The platform's own times are Melbourne wall clock without a zone: shown as they are, never as GMT.
	if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(date)) return `${date} (Melbourne)`;
	const parsed = new Date(date || fallback);
	return Number.isNaN(parsed.getTime()) ? date : parsed.toUTCString();
}

/** The HTML body in a sandboxed frame: shown as the mail's own page, its scripts never run. */
function body(mail: ReadMail): string {
	if (mail.html !== undefined)
		return `<iframe class="body" sandbox title="Message body" srcdoc="${escape(mail.html)}"></iframe>`;
	if (mail.text !== undefined) return `<pre class="body">${escape(mail.text)}</pre>`;
	return '<p class="empty">(no body)</p>';
}

function article(mail: Shown): string {
	const rows: Array<[string, string]> = [
		['From', mail.from],
		['To', mail.to],
		...(mail.cc ? [['Cc', mail.cc] as [string, string]] : []),
		['Date', when(mail.date, mail.receivedAt)],
	];
	const attachments = mail.attachments.length
		? `<ul class="attachments">${mail.attachments
				.map(
					(a) =>
						`<li>📎 <strong>${escape(a.filename)}</strong> <span>${escape(size(a.size))}, ${escape(a.contentType)}</span></li>`,
				)
				.join('')}</ul>`
		: '';
	return (
		`<article><h2>${escape(mail.subject || '(no subject)')}</h2><dl>` +
		rows.map(([k, v]) => `<dt>${k}</dt><dd>${escape(v)}</dd>`).join('') +
		`</dl>${attachments}${body(mail)}</article>`
	);
}

function page(mails: Shown[], sent: ReturnType<typeof campaigns>): string {
	const inbox = mails.length
		? mails.map(article).join('')
		: '<p class="empty">No mail yet. A workflow’s Send Email node set to the SMTP sink (host 127.0.0.1, ' +
			'port 2525, no SSL, no login) delivers here.</p>';
	const bulk = sent.length
		? `<table><tr><th>Sent</th><th>To</th><th>Subject</th><th>Campaign</th></tr>${sent
				.map(
					(m) =>
						`<tr><td>${escape(when(m.at, m.at))}</td><td>${escape(m.to)}</td><td>${escape(m.subject)}</td>` +
						`<td>${escape(m.campaign_id)}</td></tr>`,
				)
				.join('')}</table>`
		: '<p class="empty">No campaign has sent mail yet.</p>';
	return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Sandbox mail (${mails.length})</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 16px; color: #222; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin: 0 0 8px; }
article { border: 1px solid #ddd; border-radius: 8px; padding: 14px 16px; margin: 0 0 16px; background: #fff; }
dl { display: grid; grid-template-columns: 60px 1fr; gap: 2px 8px; margin: 0 0 10px; }
dt { color: #666; } dd { margin: 0; }
.attachments { list-style: none; padding: 8px 10px; margin: 0 0 10px; background: #f6f7f9; border-radius: 6px; }
.attachments span { color: #666; }
.body { width: 100%; min-height: 320px; border: 1px solid #eee; border-radius: 6px; white-space: pre-wrap; }
pre.body { padding: 10px; min-height: 0; margin: 0; font: 13px/1.4 ui-monospace, monospace; }
.empty { color: #666; } table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; border-bottom: 1px solid #eee; padding: 4px 6px; }
</style></head><body>
<h1>Sandbox mail</h1>
<p>Newest first. Reload to see new mail. Raw records: <a href="/__simulator/mailbox">mailbox</a>,
<a href="/__simulator/outbox">campaign outbox</a>; read: <a href="/__simulator/mail.json">mail.json</a>.</p>
<section><h1>Received by the SMTP sink (${mails.length})</h1>${inbox}</section>
<section><h1>Sent by bulk email campaigns (${sent.length})</h1>${bulk}</section>
</body></html>`;
}
