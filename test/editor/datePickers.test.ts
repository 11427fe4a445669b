import type { INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { melbourneWallTime } from '../../nodes/shared/input/melbourne';
import { runNode } from '../harness/engine';
import { DEMO_KEY, useNode } from '../harness/nodeRunner';

// Every date the package's nodes take is n8n's date picker (type dateTime). What the picker stores
// (an ISO string without zone), an ISO string with a zone, a Luxon DateTime from an expression, and the
// text a workflow saved before the pickers (still run as it is) must send what they sent before.

const sim = useNode(new TelcoBillingService()).sim;
const rl = (value: string) => ({ __rl: true, mode: 'id', value });

const NODES: INodeType[] = [
	new TelcoBillingCustomer(),
	new TelcoBillingService(),
	new TelcoBillingCrm(),
	new TelcoBillingBulkEmail(),
	new TelcoBillingReport(),
	new TelcoBillingCallRecord(),
];

// Parameter names that hold a date or a date-time, in any node.
const DATE_NAMES = [
	'charge_date',
	'date',
	'date_ended',
	'date_started',
	'dateFrom',
	'dateTo',
	'dateToOnly',
	'dob',
	'enddate',
	'event_date',
	'scheduledAt',
	'start_date',
	'startdate',
];

function everyProperty(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const nested = (property.options ?? []).flatMap((option) =>
			'values' in option
				? everyProperty(option.values as INodeProperties[])
				: 'displayName' in option && 'type' in option
					? everyProperty([option as INodeProperties])
					: [],
		);
		return [property, ...nested];
	});
}

test('every date and date-time input of every node is a date picker', () => {
	const dates = NODES.flatMap((node) =>
		everyProperty(node.description.properties)
			.filter((property) => DATE_NAMES.includes(property.name))
			.map((property) => ({
				node: node.description.name,
				name: property.name,
				type: property.type,
			})),
	);
	expect(new Set(dates.map((date) => date.name))).toEqual(new Set(DATE_NAMES));
	expect(dates.filter((date) => date.type !== 'dateTime')).toEqual([]);
	const typed = NODES.flatMap((node) =>
		everyProperty(node.description.properties).filter((property) =>
			/YYYY|Y-m-d/.test(String(property.placeholder ?? '')),
		),
	);
	expect(typed.map((property) => property.name)).toEqual([]);
});

const luxon = (iso: string) => `={{ DateTime.fromISO('${iso}', { zone: 'Australia/Melbourne' }) }}`;

// The same calendar day in every form a date field may receive.
const DAY_FORMS: Array<[string, string]> = [
	['text saved before the pickers', '2026-11-22'],
	['the picker', '2026-11-22T00:00:00'],
	['the picker, with a time', '2026-11-22T09:30:00'],
	// 23:30 at UTC-10 on the 21st is 20:30 on the 22nd in Melbourne: the platform's day at that instant.
	[
		'an ISO string with a zone (the platform’s day at that instant)',
		'2026-11-21T23:30:00.000-10:00',
	],
	[
		'an ISO string with a zone at midnight (a day picked in that zone)',
		'2026-11-22T00:00:00.000-05:00',
	],
	['a Luxon DateTime', luxon('2026-11-22T09:30:00')],
];

// The same wall-clock time in every form a date-time field may receive.
const TIME_FORMS: Array<[string, string]> = [
	['text saved before the pickers', '2026-11-22 10:30:00'],
	['the picker', '2026-11-22T10:30:00'],
	['an ISO string with a zone (the wall clock as written)', '2026-11-22T10:30:00+11:00'],
	['a Luxon DateTime', luxon('2026-11-22T10:30:00')],
];

interface Case {
	node: INodeType;
	parameters: (value: string) => INodeParameters;
	/** The request that carries the date, by URL (the key is its first segment). */
	request: RegExp;
	/** Where in that request the date is. */
	sent: (request: { url: string; body?: unknown }) => unknown;
}

let serial = 0;
const next = () => `${Date.now()}-${++serial}`;
const body = (field: string) => (request: { body?: unknown }) =>
	(request.body as Record<string, unknown>)[field];

const DAY_CASES: Record<string, Case> = {
	'Customer Create: Date of Birth': {
		node: new TelcoBillingCustomer(),
		parameters: (dob) => ({
			resource: 'customer',
			operation: 'create',
			customerFields: { company: `Dated ${next()}`, dob },
		}),
		request: /\/customer\/add$/,
		sent: body('dob'),
	},
	'Customer Record External Payment: Date': {
		node: new TelcoBillingCustomer(),
		parameters: (date) => ({
			resource: 'customer',
			operation: 'recordExternalPayment',
			cid: rl('1001'),
			transaction_id: `T-${next()}`,
			amount: 10,
			additionalFields: { date },
		}),
		request: /\/customer\/external-payment\/1001$/,
		sent: body('date'),
	},
	'Customer Add Charge Item: Charge Date': {
		node: new TelcoBillingCustomer(),
		parameters: (charge_date) => ({
			resource: 'customer',
			operation: 'addChargeItem',
			cid: rl('1001'),
			chargeFields: { description: 'Dated', amount: 5, charge_date },
		}),
		request: /\/customer\/item\/add$/,
		sent: body('charge_date'),
	},
	'Service Create: Start Date': {
		node: new TelcoBillingService(),
		parameters: (start_date) => ({
			resource: 'service',
			operation: 'create',
			cid: rl('1001'),
			servicetype: 1,
			service_num: `N-${next()}`,
			start_date,
		}),
		request: /\/services\/add$/,
		sent: body('start_date'),
	},
	'Service Update: Start Date': {
		node: new TelcoBillingService(),
		parameters: (start_date) => ({
			resource: 'service',
			operation: 'update',
			serviceId: rl('20001'),
			updateFields: { start_date },
		}),
		request: /\/services\/update\/20001$/,
		sent: body('start_date'),
	},
	'Service Add Misc Charge: Charge Date': {
		node: new TelcoBillingService(),
		parameters: (charge_date) => ({
			resource: 'service',
			operation: 'addMiscCharge',
			enid: rl('20001'),
			pid: 1,
			charge_date,
		}),
		request: /\/services\/item\/add$/,
		sent: body('charge_date'),
	},
	'Service Calculate ETF: Date (in the path)': {
		node: new TelcoBillingService(),
		parameters: (date) => ({
			resource: 'service',
			operation: 'calculateEtf',
			serviceId: rl('20001'),
			date,
		}),
		request: /\/services\/20001\/calculateETF\//,
		sent: (request) => request.url.split('/').pop(),
	},
	'Bundle Create: Date Started and Date Ended': {
		node: new TelcoBillingService(),
		parameters: (date) => ({
			resource: 'bundle',
			operation: 'create',
			cid: rl('1001'),
			name: `Pack ${next()}`,
			additionalFields: { date_started: date, date_ended: date },
		}),
		request: /\/serviceBundles\/post$/,
		sent: (request) => {
			const { date_started, date_ended } = request.body as Record<string, unknown>;
			return date_started === date_ended ? date_started : [date_started, date_ended];
		},
	},
};

const TIME_CASES: Record<string, Case> = {
	'External Sale: Date': {
		node: new TelcoBillingCrm(),
		parameters: (date) => ({
			resource: 'sale',
			operation: 'create',
			use: 'sale',
			cid: rl('1001'),
			date,
			products: { product: [{ pid: 4, price: 5, quantity: 1 }] },
		}),
		request: /\/externalsales\/add$/,
		sent: (request) => (request.body as Array<Record<string, unknown>>)[0].date,
	},
	'Timeline Upsert: Event Date': {
		node: new TelcoBillingCrm(),
		parameters: (event_date) => ({
			resource: 'timeline',
			operation: 'upsert',
			module: 'customers',
			recordId: '1001',
			category: 'event',
			title: 'Install',
			description: 'Technician visit',
			event_date,
		}),
		request: /\/timeline\/customers\/1001$/,
		sent: body('event_date'),
	},
	'Call Record Add: Start Date': {
		node: new TelcoBillingCallRecord(),
		parameters: (startdate) => ({
			operation: 'add',
			dataMode: 'define',
			orig_id: `D-${next()}`,
			startdate,
			callerid: '0412346601',
			direction: 'outbound',
			destination: '0398765432',
		}),
		request: /\/cdr\/add$/,
		sent: body('startdate'),
	},
};

async function sentWith(testCase: Case, value: string): Promise<unknown> {
	const before = sim().requests.length;
	const result = await runNode({
		nodeType: testCase.node,
		parameters: testCase.parameters(value),
		credentials: { baseUrl: sim().url, apiKey: DEMO_KEY },
	});
	expect(result.error).toBeUndefined();
	const request = sim()
		.requests.slice(before)
		.find((candidate) => testCase.request.test(candidate.url));
	return request && testCase.sent(request);
}

describe.each(Object.entries(DAY_CASES))('%s', (_, testCase) => {
	test.each(DAY_FORMS)('from %s: sent as 2026-11-22', async (_form, value) => {
		expect(await sentWith(testCase, value)).toBe('2026-11-22');
	});
});

describe.each(Object.entries(TIME_CASES))('%s', (_, testCase) => {
	test.each(TIME_FORMS)('from %s: sent as 2026-11-22 10:30:00', async (_form, value) => {
		expect(await sentWith(testCase, value)).toBe('2026-11-22 10:30:00');
	});
});

describe('Bulk Email Create: Scheduled At, in Melbourne time whatever zone n8n runs in', () => {
	// Ten days ahead in Melbourne: within the platform's 90 days.
	const day = melbourneWallTime(new Date(Date.now() + 10 * 86_400_000)).slice(0, 10);
	const create = (scheduledAt: string): Case => ({
		node: new TelcoBillingBulkEmail(),
		parameters: () => ({
			resource: 'campaign',
			operation: 'create',
			subject: 'Maintenance',
			content: 'Hi {{name}}',
			scheduledAt,
		}),
		request: /\/customer\/bulk-email$/,
		sent: body('scheduled_at'),
	});
	test.each([
		['text saved before the pickers', `${day} 09:00`],
		['the picker', `${day}T09:00:00`],
		['a Luxon DateTime in Melbourne', luxon(`${day}T09:00:00`)],
		[
			'an instant in UTC (converted to Melbourne time)',
			`={{ DateTime.fromISO('${day}T09:00:00', { zone: 'Australia/Melbourne' }).toUTC().toISO() }}`,
		],
	])('from %s: sent as 09:00:00 that day', async (_form, value) => {
		expect(await sentWith(create(value), '')).toBe(`${day} 09:00:00`);
	});
});

describe('Report Run: From and To keep the time the picker gives; text is sent as written', () => {
	const run = (dateFrom: string, dateTo: string): INodeParameters => ({
		resource: 'report',
		operation: 'run',
		report: 'billedMinutes',
		when: 'custom',
		dateFrom,
		dateTo,
	});
	const range = (dateFrom: string, dateTo: string): Case => ({
		node: new TelcoBillingReport(),
		parameters: () => run(dateFrom, dateTo),
		request: /\/report$/,
		sent: (request) => {
			const options = (request.body as { report_options: Record<string, unknown> }).report_options;
			return [options.date_from, options.date_to];
		},
	});
	test.each([
		[
			'text saved before the pickers',
			'2026-10-01',
			'2026-10-31',
			'2026-10-01',
			'2026-10-31 23:59:59',
		],
		['DD-MM-YYYY text', '01-10-2026', '31-10-2026', '01-10-2026', '2026-10-31 23:59:59'],
		[
			'the picker',
			'2026-10-01T00:00:00',
			'2026-10-31T23:59:59',
			'2026-10-01 00:00:00',
			'2026-10-31 23:59:59',
		],
		[
			'ISO strings with a zone (the wall clock as written)',
			'2026-10-01T00:00:00+10:00',
			'2026-10-31T23:59:59.000+11:00',
			'2026-10-01 00:00:00',
			'2026-10-31 23:59:59',
		],
		[
			'Luxon DateTimes',
			luxon('2026-10-01T00:00:00'),
			luxon('2026-10-31T23:59:59'),
			'2026-10-01 00:00:00',
			'2026-10-31 23:59:59',
		],
	])('from %s', async (_form, from, to, sentFrom, sentTo) => {
		expect(await sentWith(range(from, to), '')).toEqual([sentFrom, sentTo]);
	});

	test('Aged Receivables’ Date as given; Total Services Summary’s To as every To (a day is the whole day)', async () => {
		const aged = (date: string): Case => ({
			node: new TelcoBillingReport(),
			parameters: () => ({
				resource: 'report',
				operation: 'run',
				report: 'agedReceivables',
				date,
			}),
			request: /\/report$/,
			sent: (request) =>
				(request.body as { report_options: Record<string, unknown> }).report_options.date,
		});
		expect(await sentWith(aged('2026-11-22'), '')).toBe('2026-11-22');
		expect(await sentWith(aged('2026-11-22T00:00:00'), '')).toBe('2026-11-22 00:00:00');
		const total = (dateToOnly: string): Case => ({
			...aged(''),
			parameters: () => ({
				resource: 'report',
				operation: 'run',
				report: 'totalServicesSummary',
				dateToOnly,
			}),
			sent: (request) =>
				(request.body as { report_options: Record<string, unknown> }).report_options.date_to,
		});
		expect(await sentWith(total('2026-11-22'), '')).toBe('2026-11-22 23:59:59');
		expect(await sentWith(total('2026-11-22T00:00:00'), '')).toBe('2026-11-22 23:59:59');
		expect(await sentWith(total('2026-11-22T18:00:00'), '')).toBe('2026-11-22 18:00:00');
	});
});
