import { DEMO_KEY, useNode } from '../harness/nodeRunner';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { SPEC, entry } from '../spec';
import { ANSWERS_BEYOND_SPEC } from '../simulator/answersBeyondSpec';
import { answerViolationsOf } from './answers';
import { isWatching, OFF_SPEC_HEADER, takeViolations, violationsOf } from './guard';

const node = useNode(new TelcoBillingCustomer());

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
	await fetch(`${node.sim().url}/${DEMO_KEY}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
}

test('the guard is on for every test file (jest.config.js setupFilesAfterEnv: test/conformance/setup.ts)', () => {
	expect(isWatching()).toBe(true);
});

test('a request the spec does not document is recorded: path, body field, type', async () => {
	await fetch(`${node.sim().url}/${DEMO_KEY}/callType/get/page/1`);
	await post('/services/add', {
		cid: 'ACC-1-0002',
		servicetype: 1,
		service_num: 'X',
		start_date: '2026-01-01',
		colour: 'red',
	});
	expect(takeViolations()).toEqual([
		{
			endpoint: 'GET /{api_key}/callType/get/page/1',
			field: '',
			problem: 'is not an endpoint of the spec',
		},
		{
			endpoint: 'POST /{api_key}/services/add',
			field: 'cid',
			problem: 'must be an integer, got "ACC-1-0002"',
		},
		{
			endpoint: 'POST /{api_key}/services/add',
			field: 'colour',
			problem: 'is not a field the spec documents for this endpoint',
		},
	]);
});

test('a raw request sent off-spec on purpose says so in a header and is not recorded', async () => {
	await post(
		'/services/add',
		{ cid: 'ACC-1-0002' },
		{ [OFF_SPEC_HEADER]: 'checks the simulator refuses a text cid' },
	);
	expect(takeViolations()).toEqual([]);
});

test('the documented forms pass: optional path segment, query, nested arrays, report options', () => {
	expect(violationsOf({ method: 'POST', url: '/k/services/doMultipleETF', body: [1, 2] })).toEqual(
		[],
	);
	expect(violationsOf({ method: 'GET', url: '/k/services/20001/calculateETF/2026-01-01' })).toEqual(
		[],
	);
	expect(
		violationsOf({ method: 'POST', url: '/k/services/qualify?address=1%20High%20St', body: {} }),
	).toEqual([]);
	expect(
		violationsOf({
			method: 'POST',
			url: '/k/callRates/post',
			body: { name: 'Night', callTypes: [{ ctid: 2, name: 'Night', direction: 'outbound' }] },
		}),
	).toEqual([]);
	expect(
		violationsOf({
			method: 'POST',
			url: '/k/report',
			body: {
				report: 'billedMinutes',
				report_options: { when: 'custom', date_from: '2026-01-01 00:00:00', date_to: '31-01-2026' },
			},
		}),
	).toEqual([]);
	expect(
		violationsOf({
			method: 'POST',
			url: '/k/report',
			body: { report: 'agedReceivables', report_options: { when: 'none', date: '2026-01-01' } },
		}),
	).toEqual([
		{
			endpoint: 'POST /{api_key}/report',
			field: 'report_options.when',
			problem: 'is not an option of agedReceivables',
		},
	]);
});

test('every unshown field an entry names is one the spec leaves undocumented there', () => {
	for (const entry of SPEC.filter((e) => e.unshown)) {
		const url = entry.path.replace('{api_key}', 'k').replace(/\{\w+\}/g, '1');
		const fields = Object.keys(entry.unshown!.fields);
		for (const field of fields) {
			// A report is named by the body's `report`: the guard calls an unknown one `report=<name>`.
			const body = field.startsWith('report=')
				? { report: field.slice('report='.length), report_options: {} }
				: { [field]: 1 };
			expect(violationsOf({ method: entry.method, url, body }).map((v) => v.field)).toContain(
				field,
			);
		}
	}
});

test('an answer is checked against the keys its spec entry shows', () => {
	const balance = { method: 'GET', url: '/k/customer/balance/1001' };
	expect(answerViolationsOf(balance, { success: true, balance: '1.00', cid: '1001' })).toEqual([]);
	expect(answerViolationsOf(balance, { success: true, cid: '1001', colour: 'red' })).toEqual([
		{
			endpoint: 'GET /{api_key}/customer/balance/{cid}',
			field: 'answer.balance',
			problem: 'is missing',
		},
		{
			endpoint: 'GET /{api_key}/customer/balance/{cid}',
			field: 'answer.colour',
			problem: 'is not shown by the spec',
		},
	]);
	// Either spelling of the report's flag; the preview's optional key.
	const report = { method: 'POST', url: '/k/report' };
	expect(answerViolationsOf(report, { succes: true, data: [] })).toEqual([]);
	expect(answerViolationsOf(report, { success: true, data: [] })).toEqual([]);
	const preview = { method: 'POST', url: '/k/customer/bulk-email/preview' };
	const previewed = {
		description: '',
		count: 0,
		sample_limit: 25,
		truncated: false,
		recipients: [],
	};
	expect(answerViolationsOf(preview, { success: true, ...previewed })).toEqual([]);
	// An answer the spec does not show is not compared.
	expect(answerViolationsOf({ method: 'GET', url: '/k/leads/get/1' }, { anything: 1 })).toEqual([]);
});

test('every key the simulator answers beyond the spec is listed once, for an endpoint of the spec', () => {
	for (const [name, { keys }] of Object.entries(ANSWERS_BEYOND_SPEC)) {
		const shown = entry(name).answer;
		const own = 'keys' in shown ? shown.keys : 'array' in shown ? shown.array : [];
		for (const key of keys) expect([name, key, own.includes(key)]).toEqual([name, key, false]);
	}
});
