import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { useNode } from '../harness/nodeRunner';
import { periodOf } from '../simulator/reports/period';
import { propertySettings } from './settings';

// A report covers exactly the days asked: a day picked as From starts at its midnight, a day picked as To
// ends at its 23:59:59, in whatever form n8n hands it over (text, DD-MM-YYYY, the picker, midnight with an
// offset, a luxon DateTime in any zone); a moment with Z or an offset is that instant on the platform's
// clock (Melbourne). Checked on the range the simulator reads from the body it received.

const node = useNode(new TelcoBillingReport());

const ZONES = [
	'UTC',
	'Australia/Melbourne',
	'America/New_York',
	'Asia/Kolkata',
	'Pacific/Kiritimati',
];

const day = fc
	.date({
		min: new Date('2020-01-01T00:00:00Z'),
		max: new Date('2030-12-31T00:00:00Z'),
		noInvalidDate: true,
	})
	.map((d) => d.toISOString().slice(0, 10));

type Picked = [string, string, string];
type Given = { picked: Picked } | { moment: string };

/**
 * A date on day `d` as a workflow gives it: a day picked (text, DD-MM-YYYY, the picker, midnight with an
 * offset, a luxon DateTime in some zone), or a moment of that day in some zone, as ISO text with its offset.
 */
const on = (d: string): fc.Arbitrary<Given> =>
	fc.oneof(
		fc
			.tuple(
				fc.constantFrom('bare', 'dayFirst', 'picker', 'offset', 'luxon'),
				fc.constantFrom(...ZONES),
			)
			.map(([form, zone]) => ({ picked: [d, form, zone] as Picked })),
		fc
			.tuple(fc.integer({ min: 1, max: 86399 }), fc.constantFrom(...ZONES))
			.map(([seconds, zone]) => ({
				moment: DateTime.fromISO(`${d}T00:00:00`, { zone })
					.plus({ seconds })
					.toISO({ suppressMilliseconds: true })!,
			})),
	);

const shift = (d: string, days: number) =>
	DateTime.fromISO(d, { zone: 'UTC' }).plus({ days }).toISODate()!;

/** From and To at least two days apart, so no offset can put the To before the From. */
const range = fc
	.tuple(day, fc.integer({ min: 2, max: 400 }))
	.chain(([d, days]) => fc.record({ from: on(d), to: on(shift(d, days)) }));

function given([d, form, zone]: Picked): { text: string; zone?: string } {
	switch (form) {
		case 'bare':
			return { text: d };
		case 'dayFirst':
			return { text: `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}` };
		case 'picker':
			return { text: `${d}T00:00:00` };
		case 'offset':
			return { text: DateTime.fromISO(`${d}T00:00:00`, { zone }).toISO()! };
		default:
			return { text: `${d}T00:00:00`, zone };
	}
}

/** The oracle: the instant on Melbourne's clock, by luxon (not the node's own conversion). */
const melbourne = (iso: string) =>
	DateTime.fromISO(iso, { setZone: true })
		.setZone('Australia/Melbourne')
		.toFormat('yyyy-MM-dd HH:mm:ss');

const value = (text: string, zone: string) =>
	`={{ $json.${zone} ? DateTime.fromISO($json.${text}, { zone: $json.${zone} }) : $json.${text} }}`;

test('a custom range covers exactly the days asked; moments keep their instant on the platform’s clock', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(range, { minLength: 1, maxLength: 4 }), async (ranges) => {
			const sim = node.sim();
			const before = sim.requests.length;
			const expected: string[] = [];
			const input = ranges.map(({ from, to }) => {
				const f = 'picked' in from ? given(from.picked) : { text: from.moment };
				const t = 'picked' in to ? given(to.picked) : { text: to.moment };
				const start = 'picked' in from ? `${from.picked[0]} 00:00:00` : melbourne(from.moment);
				const end = 'picked' in to ? `${to.picked[0]} 23:59:59` : melbourne(to.moment);
				expected.push(`${start} → ${end}`);
				return { from: f.text, fromZone: f.zone, to: t.text, toZone: t.zone };
			});
			const result = await node.run(
				{
					resource: 'report',
					operation: 'run',
					report: 'billedMinutes',
					when: 'custom',
					dateFrom: value('from', 'fromZone'),
					dateTo: value('to', 'toZone'),
				},
				{ input, continueOnFail: true },
			);
			const sent = sim.requests.slice(before).map((r) => {
				const period = periodOf((r.body as IDataObject).report_options as IDataObject);
				if ('error' in period) return period.error;
				return `${period.from} → ${period.to}`;
			});
			expect(sent.sort()).toEqual(expected.sort());
			expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
		}),
		propertySettings(25),
	);
}, 120_000);

test('Total Services Summary’s To is the whole day picked, or the moment given', async () => {
	await fc.assert(
		fc.asyncProperty(fc.array(day.chain(on), { minLength: 1, maxLength: 4 }), async (tos) => {
			const sim = node.sim();
			const before = sim.requests.length;
			const input = tos.map((to) => {
				const t = 'picked' in to ? given(to.picked) : { text: to.moment };
				return { text: t.text, zone: t.zone };
			});
			await node.run(
				{
					resource: 'report',
					operation: 'run',
					report: 'totalServicesSummary',
					dateToOnly: value('text', 'zone'),
				},
				{ input, continueOnFail: true },
			);
			const sent = sim.requests
				.slice(before)
				.map((r) => periodOf((r.body as IDataObject).report_options as IDataObject))
				.map((p) => ('error' in p ? p.error : p.to));
			const expected = tos.map((to) =>
				'picked' in to ? `${to.picked[0]} 23:59:59` : melbourne(to.moment),
			);
			expect(sent.sort()).toEqual(expected.sort());
		}),
		propertySettings(25),
	);
}, 120_000);
