import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { PollingTrigger, runNode, shutdownEngine } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { sampleCdr } from '../simulator/sampleCdr';
import { startSimulator } from '../simulator/app';
import { propertySettings } from './settings';

// Keys that come from outside: a CDR source the platform names, a CSV column a mapping renames, a field of a
// record the platform answers, the field a user names for a file. Drawn with the names that are JavaScript's
// own ("__proto__" sets an object's prototype when assigned; "constructor" and "toString" are found on every
// object when read): each must stay data, an own field, and no object may change its prototype.

afterAll(async () => await shutdownEngine());

const outsideKey = fc.oneof(
	fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'),
	fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/),
);

/** Every object in the value has Object's prototype (or none): nothing set one from data. */
function prototypesIntact(value: unknown): boolean {
	if (!value || typeof value !== 'object') return true;
	const proto = Object.getPrototypeOf(value);
	if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false;
	return Object.values(value as IDataObject).every(prototypesIntact);
}

const own = (object: unknown, key: string) =>
	Object.prototype.hasOwnProperty.call(object as object, key);

test('a CDR source named anything: its first calls and later ones are reported, and the trigger remembers it as its own field', async () => {
	await fc.assert(
		fc.asyncProperty(outsideKey, async (source) => {
			const sim = await startSimulator();
			try {
				const poller = new PollingTrigger(
					new TelcoBillingTrigger(),
					{ events: ['cdrsImported'] },
					{ baseUrl: sim.url, apiKey: DEMO_KEY },
				);
				await poller.poll();
				sim.state.cdrs.insert(source, 1, sampleCdr(`k-1`, '2026-11-21 08:00:00'));
				sim.state.cdrs.afterImport();
				const first = await poller.poll();
				sim.state.cdrs.insert(source, 1, sampleCdr(`k-2`, '2026-11-21 09:00:00'));
				sim.state.cdrs.afterImport();
				const second = await poller.poll();
				const reported = [first, second].map((out) =>
					(out?.[0] ?? []).map(
						(item) => `${String(item.json.source)} ${String(item.json.previousDate)}`,
					),
				);
				expect(reported).toEqual([[`${source} null`], [`${source} 2026-11-21 08:00:00`]]);
				// n8n keeps a node's static data under "node:<name>"; the trigger's memory is its `state`.
				const kept = Object.values(poller.staticData).find(
					(data) => data && typeof data === 'object' && 'state' in data,
				) as { state: { sources: IDataObject } };
				const { sources } = kept.state;
				expect(own(sources, source)).toBe(true);
				expect(prototypesIntact(poller.staticData)).toBe(true);
			} finally {
				await sim.close();
			}
		}),
		propertySettings(6),
	);
});

test('a CSV column named anything, mapped to a field: the rows import with that column as the field', async () => {
	await fc.assert(
		fc.asyncProperty(outsideKey, async (column) => {
			const sim = await startSimulator();
			try {
				const csv =
					`${column},startdate,callerid,direction,destination,billsec\n` +
					'k-1,2026-11-20 10:00:00,0412346601,outbound,0498765432,60\n';
				const result = await runNode({
					nodeType: new TelcoBillingCallRecord(),
					parameters: {
						operation: 'importFile',
						columnMapping: { mappings: [{ column, field: 'orig_id' }] },
					},
					input: [{}],
					inputFiles: [{ data: { content: csv, fileName: 'calls.csv', mimeType: 'text/csv' } }],
					credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				});
				expect(result.error).toBeUndefined();
				expect(sim.state.cdrs.all.map((cdr) => cdr.orig_id)).toEqual(['k-1']);
				expect(prototypesIntact(result.items.map((item) => item.json))).toBe(true);
			} finally {
				await sim.close();
			}
		}),
		propertySettings(6),
	);
});

test('a field of a record the platform answers, named anything: output as an own field, prototypes intact', async () => {
	await fc.assert(
		fc.asyncProperty(
			outsideKey,
			fc.oneof(fc.string(), fc.record({ polluted: fc.constant('yes') })),
			async (field, value) => {
				const sim = await startSimulator();
				try {
					const lead = sim.state.leads[0];
					Object.defineProperty(lead, field, {
						value,
						enumerable: true,
						configurable: true,
						writable: true,
					});
					const result = await runNode({
						nodeType: new TelcoBillingCrm(),
						parameters: { resource: 'lead', operation: 'get', lid: String(lead.lid) },
						input: [{}],
						credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
					});
					const [json] = result.items.map((item) => item.json);
					expect(own(json, field)).toBe(true);
					expect(json[field]).toEqual(value);
					expect(prototypesIntact(json)).toBe(true);
					expect(({} as IDataObject).polluted).toBeUndefined();
				} finally {
					await sim.close();
				}
			},
		),
		propertySettings(6),
	);
});

test('a report’s file put in a field named anything: the item holds it under that name', async () => {
	await fc.assert(
		fc.asyncProperty(outsideKey, async (field) => {
			const sim = await startSimulator();
			try {
				const result = await runNode({
					nodeType: new TelcoBillingReport(),
					parameters: {
						report: 'agedReceivables',
						date: '2026-11-20',
						output: 'file',
						binaryPropertyName: field,
					},
					input: [{}],
					credentials: { baseUrl: sim.url, apiKey: DEMO_KEY },
				});
				expect(result.error).toBeUndefined();
				const [item] = result.items;
				expect(own(item.binary, field)).toBe(true);
				expect(prototypesIntact(item.binary)).toBe(true);
			} finally {
				await sim.close();
			}
		}),
		propertySettings(6),
	);
});
