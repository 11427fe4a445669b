import fc from 'fast-check';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { shutdownEngine } from '../harness/engine';
import { propertySettings } from './settings';
import { onFreshPlatform, platformCase } from './platform';

// Call Record → Import File with what switch exports hold: an orig_id twice in one file, rows the platform
// already has, rows the checks refuse, lines cut short or with a field too many, an empty file, many rows in small batches, Start at Row, Treat
// Duplicate as Success on or off, a file whose last line has no line break (cut inside its last field, or whole)
// refused or held back, and a bad day on the platform (429, 503, resets before and after the write, malformed
// 200s). Each case is one file through n8n's engine on a fresh strict simulator.

afterAll(async () => await shutdownEngine());

const HEADER = 'orig_id,startdate,callerid,direction,destination,billsec';

type Row = {
	kind: 'good' | 'stored' | 'bad' | 'cut';
	id: number;
	billsec: string;
	flaw: number;
};

const row = fc.record({
	kind: fc.constantFrom<Row['kind']>('good', 'good', 'good', 'stored', 'bad', 'cut'),
	// A small pool: the same orig_id comes twice in one file.
	id: fc.integer({ min: 1, max: 25 }),
	billsec: fc.constantFrom('60', '0', '', '3600'),
	flaw: fc.integer({ min: 0, max: 2 }),
});

const importCase = fc.record({
	platform: platformCase,
	rows: fc.array(row, { maxLength: 30 }),
	batchSize: fc.integer({ min: 1, max: 6 }),
	parallelBatches: fc.integer({ min: 1, max: 3 }),
	duplicateIsSuccess: fc.boolean(),
	startAtRow: fc.constantFrom(1, 1, 1, 3),
	// How the file ends: with a line break, or without one after a whole last line or one cut in its last field.
	ending: fc.constantFrom('break', 'break', 'none', 'cutInField'),
	unfinishedLastLine: fc.constantFrom('refuse', 'holdBack'),
});

const origId = (r: Row) => (r.kind === 'stored' ? `old-${r.id}` : `new-${r.id}`);

function line(r: Row, index: number): string {
	const time = `2026-11-20 10:${String(index % 60).padStart(2, '0')}:00`;
	const fields = [origId(r), time, '0412346601', 'outbound', '0498765432', r.billsec];
	// A row the checks refuse: no caller, a direction that is neither, negative seconds.
	if (r.kind === 'bad') {
		if (r.flaw === 0) fields[2] = '';
		if (r.flaw === 1) fields[3] = 'sideways';
		if (r.flaw === 2) fields[5] = '-1';
	}
	// A line cut short (a switch still writing), or a field too many (a comma in a field not quoted).
	if (r.kind === 'cut')
		return (r.flaw === 2 ? [...fields, 'extra'] : fields.slice(0, 3 + r.flaw)).join(',');
	return fields.join(',');
}

test('Import File: one summary item whose figures add up to the rows read; every good row stored once; refused rows listed', async () => {
	await fc.assert(
		fc.asyncProperty(importCase, async (c) => {
			const lines = c.rows.map(line);
			// A last line cut inside its last field keeps every field: `…,60` read as `…,6`.
			if (c.ending === 'cutInField' && lines.length)
				lines[lines.length - 1] = lines[lines.length - 1].replace(/.$/, '');
			const csv = [HEADER, ...lines].join('\n') + (c.ending === 'break' ? '\n' : '');
			// The file's last line without a line break after it is never sent, however whole it looks.
			const unfinished = c.ending !== 'break' && c.rows.length > 0;
			const held = unfinished && c.unfinishedLastLine === 'holdBack';
			const preStored = new Set(c.rows.filter((r) => r.kind === 'stored').map(origId));
			await onFreshPlatform(
				new TelcoBillingCallRecord(),
				c.platform,
				{
					parameters: {
						operation: 'importFile',
						batchSize: c.batchSize,
						parallelBatches: c.parallelBatches,
						treatDuplicateAsSuccess: c.duplicateIsSuccess,
						importOptions: { startAtRow: c.startAtRow, unfinishedLastLine: c.unfinishedLastLine },
					},
					input: [{}],
					inputFiles: [{ data: { content: csv, fileName: 'calls.csv', mimeType: 'text/csv' } }],
					prepare: (sim) => {
						for (const id of preStored)
							sim.state.cdrs.insert('demo-switch', 1, {
								orig_id: id,
								startdate: '2026-11-19 09:00:00',
								enddate: null,
								accountcode: '',
								callerid: '0412346601',
								did: '',
								direction: 'outbound',
								destination: '0498765432',
								destination_info: '',
								application: '',
								duration: 60,
								billsec: 60,
								cost: null,
								disposition: 'ANSWERED',
								privacy_flag: 0,
							});
					},
				},
				(result, sim) => {
					// One-shot faults are waited out: the file is read to its end.
					expect(result.error).toBeUndefined();
					expect(result.items).toHaveLength(1);
					expect(result.items[0].pairedItem).toEqual({ item: 0 });
					const s = result.items[0].json as Record<string, unknown>;
					const n = (key: string) => s[key] as number;
					const skipped = Math.min(c.rows.length, c.startAtRow - 1);
					// A last line held back is not read (a later file brings it whole); refused, it is read and refused.
					const heldBack = held && c.rows.length > skipped;
					const read = c.rows.length - (heldBack ? 1 : 0);
					const last =
						unfinished && c.rows.length > skipped ? c.rows[c.rows.length - 1] : undefined;
					const taken = c.rows.slice(skipped, heldBack ? -1 : undefined);
					const refusable = (r: Row) => r.kind === 'bad' || r.kind === 'cut' || r === last;
					const bad = taken.filter(refusable).length;
					expect(n('rowsRead')).toBe(read);
					if (last)
						expect(s.unfinishedLastLine).toEqual(
							expect.objectContaining({
								row: c.rows.length,
								handled: heldBack ? 'heldBack' : 'refused',
							}),
						);
					else expect(s.unfinishedLastLine).toBeUndefined();
					expect(n('skipped')).toBe(skipped);
					expect(n('skipped') + n('accepted') + n('duplicates') + n('refused')).toBe(read);
					// Refused: the rows the checks refuse, and rows repeating an earlier row's orig_id (not sent).
					expect(n('refused')).toBeGreaterThanOrEqual(bad);
					expect(n('sent')).toBeLessThanOrEqual(taken.length - bad);
					// Sent: the rows that left n8n, each once however often its batch was tried.
					const received = sim.requests
						.filter((r) => r.url.endsWith('/cdr/multiple/add'))
						.flatMap((r) => (Array.isArray(r.body) ? r.body : []) as Array<{ orig_id: string }>)
						.map((cdr) => cdr.orig_id);
					expect(n('sent')).toBe(new Set(received).size);

					// The platform holds each good row once, and nothing else the run sent.
					const stored = sim.state.cdrs.all.map((cdr) => cdr.orig_id);
					expect(new Set(stored).size).toBe(stored.length);
					const expected = new Set([
						...preStored,
						...taken.filter((r) => !refusable(r)).map(origId),
					]);
					expect(new Set(stored)).toEqual(expected);

					// Accepted never claims more than the platform took from this file; all of it when no batch was
					// sent again (a row found held after a lost answer counts as a duplicate, never as accepted).
					expect(n('accepted')).toBeLessThanOrEqual(expected.size - preStored.size);
					if (n('retries') === 0) expect(n('accepted')).toBe(expected.size - preStored.size);

					// Listed: every refused row by its number, and duplicates only when they are not successes.
					const listed = s.refusedRows as Array<{ row: number; reason: string }>;
					const isDuplicate = (r: { reason: string }) =>
						r.reason.startsWith('CDR ID already exists');
					const duplicatesListed = listed.filter(isDuplicate);
					expect(listed.length - duplicatesListed.length).toBe(n('refused'));
					expect(duplicatesListed).toHaveLength(c.duplicateIsSuccess ? 0 : n('duplicates'));
					const badRows = c.rows
						.map((r, index) => ({ r, row: index + 1 }))
						.filter(({ r, row }) => refusable(r) && row > skipped && !(heldBack && r === last))
						.map(({ row }) => row);
					const refusedListed = listed.filter((r) => !isDuplicate(r)).map((r) => r.row);
					expect(refusedListed).toEqual(expect.arrayContaining(badRows));
				},
			);
		}),
		propertySettings(8),
	);
}, 600_000);
