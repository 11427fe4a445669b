import fc from 'fast-check';
import { DateTime } from 'luxon';
import { REPORT_FIELDS } from '../spec/reportRows';
import { atCalendar } from '../harness/clock';
import { inZone } from '../harness/zone';
import { propertySettings } from '../properties/settings';
import { HOST_ZONES, nearClockChange } from '../kits/clockChanges';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
const { trigger, reportRequests } = useReportTrigger();

// Issue 43.6, the report windows: each poll asks for the days its report needs on Melbourne's calendar at that
// instant, across both clock changes (and the midnights either side), whatever zone n8n runs in. The expected
// dates are luxon's reading of the instant in Australia/Melbourne, not the package's.

const PERIODS = ['rolling', 'thisMonth', 'thisQuarter', 'thisYear'] as const;

function expectedOptions(report: string, at: number, period: string, lookBack: number) {
	const today = DateTime.fromMillis(at, { zone: 'Australia/Melbourne' }).startOf('day');
	const day = (d: DateTime) => d.toFormat('yyyy-MM-dd');
	if (report === 'agedReceivables') return { date: day(today) };
	if (report === 'totalServicesSummary') return { date_to: `${day(today)} 23:59:59` };
	const start =
		period === 'thisMonth'
			? today.startOf('month')
			: period === 'thisQuarter'
				? today.startOf('quarter')
				: period === 'thisYear'
					? today.startOf('year')
					: today.minus({ days: lookBack - 1 });
	return { date_from: `${day(start)} 00:00:00`, date_to: `${day(today)} 23:59:59` };
}

test('every report’s window is the platform’s days at the instant, across both clock changes and in any zone', async () => {
	await fc.assert(
		fc.asyncProperty(
			nearClockChange(30),
			fc.constantFrom(...Object.keys(REPORT_FIELDS)),
			fc.constantFrom(...PERIODS),
			fc.integer({ min: 1, max: 40 }),
			fc.constantFrom(...HOST_ZONES),
			async ({ at }, report, period, lookBackDays, zone) => {
				const before = reportRequests().length;
				await inZone(zone, async () => {
					const poller = trigger({ event: 'reportRows', report, period, lookBackDays });
					await atCalendar(at, async () => await emitted(poller));
				});
				expect(reportRequests().slice(before)).toEqual([
					{ report, report_options: expectedOptions(report, at, period, lookBackDays) },
				]);
			},
		),
		propertySettings(150),
	);
});

test('the named events’ windows too: Aged Receivables as at the platform’s today, the others their look back', async () => {
	await fc.assert(
		fc.asyncProperty(
			nearClockChange(30),
			fc.constantFrom(
				['accountOverdue', 'agedReceivables'],
				['customerEnded', 'customerEndedDetail'],
				['serviceStarted', 'newServices'],
				['invoiceIssued', 'salesInvoiceDetail'],
			),
			fc.integer({ min: 1, max: 40 }),
			fc.constantFrom(...HOST_ZONES),
			async ({ at }, [event, report], lookBackDays, zone) => {
				const before = reportRequests().length;
				await inZone(zone, async () => {
					const poller = trigger({ event, lookBackDays });
					await atCalendar(at, async () => await emitted(poller));
				});
				expect(reportRequests().slice(before)).toEqual([
					{ report, report_options: expectedOptions(report, at, 'rolling', lookBackDays) },
				]);
			},
		),
		propertySettings(60),
	);
});
