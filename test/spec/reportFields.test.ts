import { REPORT_NAMES, reportFields, reportRowKey } from '../../nodes/shared/platform/reportFacts';
import { TelcoBillingReportTrigger } from '../../nodes/TelcoBillingReportTrigger/TelcoBillingReportTrigger.node';
import { REPORT_EVENTS } from '../../nodes/TelcoBillingReportTrigger/reportTrigger.keys';
import { readRepoFile } from '../harness/repoFiles';
import { REPORT_OPTIONS } from './report';
import { REPORT_FIELDS, reportKey } from './reportRows';

/*
 * The reports' rows in the spec source against the spec text's "Reports" list, and the nodes' copy of them (shipped
 * code cannot import test/): nodes/shared/platform/reportFacts.ts, written from the spec source by
 * `npm run generate:spec-facts`, which the Report node's columns and the Report Trigger's row keys both read.
 */

const SPEC_TEXT = readRepoFile('test/spec/api/billing-platform-api.md') ?? '';

/** The spec text's line for a report: "N. `name`: options; row fields." */
function lineOf(report: string): string {
	return (
		SPEC_TEXT.split('\n').find((line) => new RegExp(`^\\d+\\. \`${report}\``).test(line)) ?? ''
	);
}

test('the spec source names the rows of exactly the 20 reports, each field as the spec text lists it, in its order', () => {
	expect(Object.keys(REPORT_FIELDS).sort()).toEqual(Object.keys(REPORT_OPTIONS).sort());
	for (const [report, fields] of Object.entries(REPORT_FIELDS)) {
		const line = lineOf(report);
		// The row fields follow the options, after the line's first semicolon outside parentheses.
		const rowPart = line.slice(line.search(/;(?![^(]*\))/) + 1);
		const positions = fields.map((field) => rowPart.indexOf(field));
		expect([report, positions.every((at) => at >= 0)]).toEqual([report, true]);
		expect([report, positions]).toEqual([report, [...positions].sort((a, b) => a - b)]);
	}
});

test('the nodes’ report fields are the spec source’s, and no other name has any (else: npm run generate:spec-facts)', () => {
	expect(REPORT_NAMES).toEqual(Object.keys(REPORT_FIELDS));
	for (const report of REPORT_NAMES)
		expect([report, reportFields(report)]).toEqual([report, REPORT_FIELDS[report]]);
	for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'other', ''])
		expect([name, reportFields(name), reportRowKey(name)]).toEqual([name, undefined, undefined]);
});

test('the nodes’ row keys are the ones the spec source derives: record ids, else what the report is by', () => {
	for (const report of REPORT_NAMES)
		expect([report, reportRowKey(report)]).toEqual([report, reportKey(report)]);
	expect(reportKey('salesInvoiceDetail')).toEqual(['cid', 'iid']);
	expect(reportKey('gpServices')).toEqual(['servicetype']);
	expect(reportKey('paymentsReceivedAgedReceivables')).toEqual([]);
});

test('the Report Trigger’s events are its Event parameter’s choices', () => {
	const event = new TelcoBillingReportTrigger().description.properties.find(
		(p) => p.name === 'event',
	);
	expect(event?.options?.map((o) => ('value' in o ? o.value : undefined)).sort()).toEqual(
		[...REPORT_EVENTS].sort(),
	);
});
