// A mail sink for the sandbox: speaks just enough SMTP for n8n's Send Email node and keeps every message,
// so a workflow that mails a report can run offline. Plain JavaScript (it needs node:net).
const { createServer } = require('node:net');

function header(text, name) {
	const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(text);
	return match ? match[1].trim() : '';
}

/** Starts the sink on 127.0.0.1:`port`; each delivered message is pushed to `mailbox`. */
function startSmtpSink(mailbox, port = 0) {
	const server = createServer((socket) => {
		let envelope = { from: '', to: [] };
		let data = null;
		let buffer = '';
		const reply = (line) => socket.write(`${line}\r\n`);
		reply('220 telco-billing-simulator ESMTP');
		socket.on('data', (chunk) => {
			buffer += chunk.toString('utf8');
			let index;
			while ((index = buffer.indexOf('\r\n')) >= 0) {
				const line = buffer.slice(0, index);
				buffer = buffer.slice(index + 2);
				if (data !== null) {
					if (line === '.') {
						const message = data.join('\r\n');
						mailbox.push({
							from: envelope.from,
							to: envelope.to,
							subject: header(message, 'Subject'),
							message,
							at: new Date().toISOString(),
						});
						data = null;
						envelope = { from: '', to: [] };
						reply('250 2.0.0 queued');
					} else {
						data.push(line.startsWith('..') ? line.slice(1) : line);
					}
					continue;
				}
				const command = line.slice(0, 4).toUpperCase();
				if (command === 'EHLO' || command === 'HELO') reply('250 telco-billing-simulator');
				else if (command === 'MAIL')
					((envelope.from = line
						.replace(/^MAIL FROM:\s*/i, '')
						.replace(/[<>]/g, '')
						.split(' ')[0]),
						reply('250 2.1.0 OK'));
				else if (command === 'RCPT')
					(envelope.to.push(
						line
							.replace(/^RCPT TO:\s*/i, '')
							.replace(/[<>]/g, '')
							.split(' ')[0],
					),
						reply('250 2.1.5 OK'));
				else if (command === 'DATA') ((data = []), reply('354 End data with <CR><LF>.<CR><LF>'));
				else if (command === 'RSET') ((envelope = { from: '', to: [] }), reply('250 OK'));
				else if (command === 'NOOP') reply('250 OK');
				else if (command === 'QUIT') (reply('221 Bye'), socket.end());
				else reply('502 5.5.2 Command not implemented');
			}
		});
		socket.on('error', () => {});
	});
	return new Promise((resolve) =>
		server.listen(port, '127.0.0.1', () =>
			resolve({
				port: server.address().port,
				close: () => new Promise((done) => server.close(done)),
			}),
		),
	);
}

module.exports = { startSmtpSink };
