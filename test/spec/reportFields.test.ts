import { REPORT_COLUMNS } from '../../nodes/TelcoBillingReport/report.columns';
import { REPORT_KEYS } from '../../nodes/TelcoBillingReportTrigger/reportTrigger.keys';
import { readRepoFile } from '../harness/repoFiles';
import { REPORT_OPTIONS } from './report';
import { REPORT_FIELDS, reportKey } from './reportRows';

/*
 * The reports' rows in the spec source against the spec text's "Reports" list, and the nodes' copies of them (shipped
 * code cannot import test/) against the spec source: the Report node's columns, the Report Trigger's row keys.
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

test('the Report node’s columns are the spec source’s fields', () => {
	expect(REPORT_COLUMNS).toEqual(REPORT_FIELDS);
});

test('the Report Trigger’s row keys are the ones the spec source derives: record ids, else what the report is by', () => {
	expect(REPORT_KEYS).toEqual(
		Object.fromEntries(Object.keys(REPORT_FIELDS).map((r) => [r, reportKey(r)])),
	);
	expect(reportKey('salesInvoiceDetail')).toEqual(['cid', 'iid']);
	expect(reportKey('gpServices')).toEqual(['servicetype']);
	expect(reportKey('paymentsReceivedAgedReceivables')).toEqual([]);
});
