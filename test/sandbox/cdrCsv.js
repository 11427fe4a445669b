// Generated CDRs for the benchmarks and the queue run: the same calls as records or as a CSV file.
const { createWriteStream } = require('node:fs');
const { once } = require('node:events');

const CDR_HEADER = 'orig_id,startdate,callerid,direction,destination,billsec,duration,disposition';

// Callers are seeded services, so every call is rated as it would be in production.
const CALLERS = ['0412346601', '0412346604', 'N1100000', 'N1100002'];

/** The i-th generated CDR, its orig_id `<prefix>-<i>`; fields in the order of CDR_HEADER. */
function cdrRecord(prefix, i) {
	return {
		orig_id: `${prefix}-${i}`,
		startdate: `2026-11-20 ${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`,
		callerid: CALLERS[i % CALLERS.length],
		direction: 'outbound',
		destination: i % 3 === 0 ? '0398765432' : '0411222333',
		billsec: 30 + (i % 300),
		duration: 35 + (i % 300),
		disposition: 'ANSWERED',
	};
}

function cdrRecords(prefix, count) {
	return Array.from({ length: count }, (_, i) => cdrRecord(prefix, i));
}

/** Writes `count` generated CDRs as a CSV file with a header row, streaming (files of millions of rows). */
async function writeCdrCsv(path, prefix, count) {
	const out = createWriteStream(path);
	out.write(`${CDR_HEADER}\n`);
	for (let i = 0; i < count; i++) {
		const line = `${Object.values(cdrRecord(prefix, i)).join(',')}\n`;
		if (!out.write(line)) await once(out, 'drain');
	}
	out.end();
	await once(out, 'finish');
}

module.exports = { CDR_HEADER, cdrRecord, cdrRecords, writeCdrCsv };
