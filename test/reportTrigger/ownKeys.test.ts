import { useReportTrigger } from '../kits/reportTrigger';
const { trigger, reportRequests } = useReportTrigger();

// Event and Report can be expressions, so their values are data. "constructor" or "toString" are keys every
// object has: looked up in the trigger's tables they found Object's own functions and the poll went on with a
// watch that meant nothing. Such a value is refused before any request, naming the field and what it may be.

describe.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('%s', (name) => {
	test('as the Event: the poll fails naming Event and its choices, nothing asked of the platform', async () => {
		const before = reportRequests().length;
		await expect(trigger({ event: name }).poll()).rejects.toThrow(
			/Event \(event\) must be one of: accountOverdue, customerEnded, invoiceIssued, reportRows, serviceStarted/,
		);
		expect(reportRequests().length).toBe(before);
	});

	test('as the Report of Report Rows Added or Changed: refused naming the report, nothing asked', async () => {
		const before = reportRequests().length;
		await expect(trigger({ event: 'reportRows', report: name }).poll()).rejects.toThrow(
			`Report ${name} is not one of the reports the trigger can watch`,
		);
		expect(reportRequests().length).toBe(before);
	});
});
