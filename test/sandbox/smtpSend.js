// Sends one message to an SMTP server the way a mail client does (EHLO, MAIL, RCPT, dot-stuffed DATA), for
// tests of the simulator's mail sink and mail page. Plain JavaScript: it needs node:net.
const { connect } = require('node:net');

function smtpSend(port, from, to, message) {
	const commands = ['EHLO test', `MAIL FROM:<${from}>`, `RCPT TO:<${to}>`, 'DATA'];
	const data = `${message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.`;
	return new Promise((resolve, reject) => {
		const socket = connect(port, '127.0.0.1');
		let step = 0;
		socket.on('error', reject);
		socket.on('data', (chunk) => {
			for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
				if (step < commands.length) {
					socket.write(`${commands[step++]}\r\n`);
				} else if (step === commands.length && line.startsWith('354')) {
					socket.write(`${data}\r\n`);
					step++;
				} else if (step === commands.length + 1 && line.startsWith('250')) {
					socket.end('QUIT\r\n');
					resolve();
				} else if (/^[45]/.test(line)) {
					socket.destroy();
					reject(new Error(`SMTP refused: ${line}`));
				}
			}
		});
	});
}

module.exports = { smtpSend };
