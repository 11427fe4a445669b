#!/usr/bin/env node
// node test/bench/report-trigger.js [1000 100000]: the Report Trigger's cost at each department size. A platform
// of N customers (made here: the simulator's ledger is not built for 100,000 customers) answers the report
// endpoint for whatever days it is asked, as at those days: monthly invoices, payments by each customer's habit
// (on time, late, never), services starting, customers leaving. Each event is watched for a month of polls, one
// a day, through n8n's poll context (the harness's PollingTrigger, the package's calendar set to each day):
// polls, report requests, the answer's size, the stored state's bytes, and the events emitted against the events
// the platform's own model owes (the same rows compared a day apart). Prints one line a size and event.
// Plain JavaScript so the shipped-code lint rules (no process, no console) stay strict for every .ts file.
require('tsx/cjs');
const http = require('node:http');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'n8n-telco-bench-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
const { PollingTrigger, shutdownEngine } = require('../harness/engine.ts');
const { REAL_CLOCK, useClock } = require('../../nodes/shared/transport/clock.ts');
const {
	TelcoBillingReportTrigger,
} = require('../../nodes/TelcoBillingReportTrigger/TelcoBillingReportTrigger.node.ts');

const SIZES = process.argv
	.slice(2)
	.filter((a) => /^\d+$/.test(a))
	.map(Number);
const DAY = 86_400_000;
const KEY = 'bench-key';
const BANDS = ['current', 'overdue0', 'overdue30', 'overdue60', 'overdue90', 'overdue120'];

// --- The platform's model -------------------------------------------------------------------------------

function hash(n) {
	let h = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}
const dayOf = (ms) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day) => Date.parse(`${day}T00:00:00Z`);
const cents = (n) => (n / 100).toFixed(2);

function model(size, epoch) {
	const customers = Array.from({ length: size }, (_, i) => {
		const draw = hash(i + 1);
		return {
			cid: 100001 + i,
			company: `Customer ${i + 1} Pty Ltd`,
			billDay: 1 + (i % 28),
			amount: 3000 + Math.floor(hash(i + 7) * 17000),
			// 70% pay a week after the invoice, 20% 45 days after, 10% never.
			paysAfter: draw < 0.7 ? 7 : draw < 0.9 ? 45 : undefined,
			// 3% leave within the 400 days around the bench.
			leaves: hash(i + 11) < 0.03 ? epoch + Math.floor(hash(i + 13) * 400) * DAY : undefined,
			email: `customer${i + 1}@example.com`,
		};
	});
	/** A customer's invoices dated up to `on` (ms), the last 8 months: [date ms, iid, cents]. */
	const invoicesOf = (c, on) => {
		const list = [];
		const at = new Date(on);
		for (let back = 0; back < 8; back++) {
			const date = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, c.billDay);
			if (date > on || (c.leaves !== undefined && date > c.leaves)) continue;
			const month = new Date(date).getUTCFullYear() * 12 + new Date(date).getUTCMonth();
			list.push([date, (c.cid - 100000) * 1000 + (month % 1000), c.amount]);
		}
		return list;
	};
	const services = (c) =>
		[0, 1].map((k) => ({
			enid: c.cid * 10 + k,
			start: epoch + Math.floor(hash(c.cid * 10 + k) * 400) * DAY,
		}));
	return {
		agedReceivables(on) {
			const rows = [];
			for (const c of customers) {
				const bands = [0, 0, 0, 0, 0, 0];
				for (const [date, , amount] of invoicesOf(c, on)) {
					if (c.paysAfter !== undefined && date + c.paysAfter * DAY <= on) continue;
					const late = Math.round((on - (date + 14 * DAY)) / DAY);
					bands[late <= 0 ? 0 : Math.min(5, 1 + Math.floor(late / 30))] += amount;
				}
				const balance = bands.reduce((a, b) => a + b, 0);
				if (balance <= 0) continue;
				rows.push({
					cid: c.cid,
					display_name: c.company,
					balance: cents(balance),
					...Object.fromEntries(BANDS.map((band, k) => [band, cents(bands[k])])),
				});
			}
			return rows;
		},
		customerEndedDetail(from, to) {
			return customers
				.filter((c) => c.leaves !== undefined && c.leaves >= from && c.leaves <= to)
				.map((c) => ({
					cid: c.cid,
					company: c.company,
					accountManager: 'Alex Chen',
					serviceTypes: 'NBN 100',
					cancellationReason: 'Price',
					lastDate: dayOf(c.leaves),
					avg6monthspend: cents(c.amount),
					avgMinutes: '0.00',
					avgSms: 0,
				}));
		},
		newServices(from, to) {
			return customers.flatMap((c) =>
				services(c)
					.filter((s) => s.start >= from && s.start <= to)
					.map((s) => ({
						enid: s.enid,
						cid: c.cid,
						customer: c.company,
						start_date: dayOf(s.start),
						service_type: 'NBN 100',
						monthly_fee: '89.00',
						newCustomer: false,
					})),
			);
		},
		salesInvoiceDetail(from, to) {
			return customers.flatMap((c) =>
				invoicesOf(c, to)
					.filter(([date]) => date >= from)
					.map(([date, iid, amount]) => ({
						cid: c.cid,
						company: c.company,
						abn: '51824753556',
						name: 'Pat',
						surname: 'Lee',
						email: c.email,
						address: '1 High Street, Fitzroy',
						iid,
						total: cents(amount),
						duedate: dayOf(date + 14 * DAY),
						dept_name: 'Bench Telco',
					})),
			);
		},
	};
}

/** The platform: POST /{key}/report, answered as at the days asked. */
function platform(size, epoch) {
	const m = model(size, epoch);
	const counts = { requests: 0, bytes: 0 };
	const server = http.createServer((req, res) => {
		const body = [];
		req.on('data', (chunk) => body.push(chunk));
		req.on('end', () => {
			counts.requests++;
			const { report, report_options: o } = JSON.parse(Buffer.concat(body).toString());
			const rows =
				report === 'agedReceivables'
					? m.agedReceivables(msOf(o.date))
					: m[report](msOf(o.date_from.slice(0, 10)), msOf(o.date_to.slice(0, 10)));
			const text = JSON.stringify({ succes: true, data: rows });
			counts.bytes = Math.max(counts.bytes, text.length);
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(text);
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () =>
			resolve({
				model: m,
				counts,
				url: `http://127.0.0.1:${server.address().port}`,
				close: () => server.close(),
			}),
		),
	);
}

// --- What a watcher owes ---------------------------------------------------------------------------------

const level = (row) =>
	BANDS.slice(1).reduce((l, band, k) => (Number(row[band]) > 0 ? k + 1 : l), 0);

function owed(event, m, day) {
	const on = msOf(day);
	if (event === 'accountOverdue') {
		const before = new Map(m.agedReceivables(on - DAY).map((r) => [r.cid, level(r)]));
		return m
			.agedReceivables(on)
			.filter((r) => level(r) >= 1 && level(r) > (before.get(r.cid) ?? 0))
			.map((r) => String(r.cid));
	}
	if (event === 'reportRows') {
		const before = new Map(m.agedReceivables(on - DAY).map((r) => [r.cid, JSON.stringify(r)]));
		return m
			.agedReceivables(on)
			.filter((r) => before.get(r.cid) !== JSON.stringify(r))
			.map((r) => String(r.cid));
	}
	const report = {
		customerEnded: 'customerEndedDetail',
		serviceStarted: 'newServices',
		invoiceIssued: 'salesInvoiceDetail',
	}[event];
	const field = { customerEnded: 'cid', serviceStarted: 'enid', invoiceIssued: 'iid' }[event];
	return m[report](on, on).map((r) => String(r[field]));
}

const idOf = (event, json) =>
	String(
		event === 'reportRows'
			? json.row.cid
			: json[
					{
						accountOverdue: 'cid',
						customerEnded: 'cid',
						serviceStarted: 'enid',
						invoiceIssued: 'iid',
					}[event]
				],
	);

async function watch(size, event) {
	const start = msOf(dayOf(Date.now()));
	const epoch = start - 200 * DAY;
	const p = await platform(size, epoch);
	const poller = new PollingTrigger(
		new TelcoBillingReportTrigger(),
		{ event, report: 'agedReceivables' },
		{ baseUrl: p.url, apiKey: KEY },
	);
	let emitted = 0;
	let expected = 0;
	let missing = 0;
	let extra = 0;
	let bytes = 0;
	let polls = 0;
	let pollMs = 0;
	for (let d = 0; d <= 30; d++) {
		const day = dayOf(start + d * DAY);
		// Noon in Melbourne that day.
		useClock({ ...REAL_CLOCK, date: () => msOf(day) + 2 * 3_600_000 });
		const began = performance.now();
		const result = await poller.poll();
		pollMs += performance.now() - began;
		polls++;
		const got = (result ? result[0] : []).map((item) => idOf(event, item.json));
		if (d > 0) {
			const owes = owed(event, p.model, day);
			expected += owes.length;
			const gotSet = new Set(got);
			missing += owes.filter((id) => !gotSet.has(id)).length;
			const owesSet = new Set(owes);
			extra += got.filter((id) => !owesSet.has(id)).length;
		}
		emitted += got.length;
		bytes = Math.max(bytes, JSON.stringify(poller.staticData).length);
	}
	useClock(REAL_CLOCK);
	p.close();
	// A poll's time: the platform's answer (made in this process) and the trigger's work on it.
	const ms = Math.round(pollMs / polls);
	return {
		polls,
		requests: p.counts.requests,
		answer: p.counts.bytes,
		bytes,
		emitted,
		expected,
		missing,
		extra,
		ms,
	};
}

async function main() {
	const sizes = SIZES.length ? SIZES : [1000, 100000];
	const events = [
		'accountOverdue',
		'customerEnded',
		'serviceStarted',
		'invoiceIssued',
		'reportRows',
	];
	for (const size of sizes) {
		for (const event of events) {
			const r = await watch(size, event);
			console.log(
				`${String(size).padStart(6)} customers  ${event.padEnd(15)} polls ${r.polls}, report requests ${r.requests}, ` +
					`largest answer ${(r.answer / 1024).toFixed(0)} KiB, stored ${r.bytes} bytes (largest), ` +
					`events ${r.emitted} emitted / ${r.expected} owed (missing ${r.missing}, extra ${r.extra}), ${r.ms} ms a poll`,
			);
		}
	}
	await shutdownEngine();
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
