import { startSimulator } from './app';
import type { Simulator } from './app';
import { melbourneNow } from './melbourne';
import { sampleCdr } from './sampleCdr';
import { TRAITS, defaultTraits, parseTraits } from './traits';
import { ON_FREE_PORTS, simulatorExit, spawnSimulator } from './spawn';

// Each platform trait answers one of the spec's open questions: tried over HTTP, each value changes the
// answer as its name says, and the default is the simulator as it was before traits.

const KEY = 'demo-key-0001';
let sim: Simulator;

beforeEach(async () => {
	sim = await startSimulator();
});
afterEach(async () => {
	await sim.close();
});

type Json = Record<string, unknown> & { records?: Array<Record<string, unknown>> };

const get = async (path: string) =>
	(await (await fetch(`${sim.url}/${KEY}${path}`)).json()) as Json;
const post = async (path: string, body: unknown) =>
	(await (
		await fetch(`${sim.url}/${KEY}${path}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		})
	).json()) as unknown;
const control = (method: 'GET' | 'POST', body?: unknown) =>
	fetch(`${sim.url}/__simulator/traits`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});

/** The companies a customer search finds (records carry no cid on the strict platform). */
const companies = async (field: string, value: string) => {
	const answer = await get(`/customer/search/${field}/${encodeURIComponent(value)}`);
	return answer.records?.map((r) => r.company);
};
const customer = (cid: number) => sim.state.customers.find((c) => c.cid === cid)!;

describe('setting traits', () => {
	test('every trait starts at its first value; GET /__simulator/traits reads them and lists the values', async () => {
		expect(sim.traits).toEqual(defaultTraits());
		expect(sim.traits.searchCase).toBe('ignored');
		const answer = await (await control('GET')).json();
		expect(answer).toEqual({ success: true, traits: defaultTraits(), values: TRAITS });
	});

	test('startSimulator takes traits by name and value; an unknown name or value is an error', async () => {
		const other = await startSimulator({ traits: { searchCase: 'compared', pathRef: 'crmId' } });
		try {
			expect(other.traits).toEqual({
				...defaultTraits(),
				searchCase: 'compared',
				pathRef: 'crmId',
			});
		} finally {
			await other.close();
		}
		await expect(startSimulator({ traits: { searchcase: 'compared' } })).rejects.toThrow(
			/unknown simulator trait searchcase; known: searchCase, /,
		);
		await expect(startSimulator({ traits: { searchCase: 'Compared' } })).rejects.toThrow(
			'simulator trait searchCase has no value Compared; known: ignored, compared',
		);
	});

	test('POST /__simulator/traits changes the traits named and keeps the rest; defaults: true puts all back first', async () => {
		sim.traits.numbers = 'strings';
		const changed = await control('POST', { traits: { searchMatch: 'whole' } });
		expect(await changed.json()).toEqual({
			success: true,
			traits: { ...defaultTraits(), numbers: 'strings', searchMatch: 'whole' },
		});
		// The object tests hold is the one the simulator reads.
		expect(sim.traits.searchMatch).toBe('whole');
		await control('POST', { defaults: true, traits: { searchInactive: 'hidden' } });
		expect(sim.traits).toEqual({ ...defaultTraits(), searchInactive: 'hidden' });
	});

	test('POST /__simulator/traits with an unknown name or value is refused and changes nothing', async () => {
		for (const traits of [{ searchCase: 'compared', nope: 'x' }, { searchCase: 'shouting' }, []]) {
			const refused = await control('POST', { traits });
			expect(refused.status).toBe(400);
			expect(await refused.json()).toEqual({
				success: false,
				description: expect.stringMatching(/trait/),
			});
		}
		expect(sim.traits).toEqual(defaultTraits());
	});

	test('the CLI form name=value,name=value is read and checked', () => {
		expect(parseTraits('searchCase=compared, searchMatch=whole')).toEqual({
			searchCase: 'compared',
			searchMatch: 'whole',
		});
		expect(() => parseTraits('searchCase')).toThrow(
			'--traits takes name=value pairs, got searchCase',
		);
		expect(() => parseTraits('searchCase=loud')).toThrow('has no value loud');
	});

	test('npm run simulator -- --traits starts the platform with them, and refuses an unknown one', async () => {
		const started = await spawnSimulator([...ON_FREE_PORTS, '--traits', 'searchCase=compared']);
		try {
			const answer = (await (await fetch(`${started.url}/__simulator/traits`)).json()) as Json;
			expect(answer.traits).toEqual({ ...defaultTraits(), searchCase: 'compared' });
		} finally {
			const stopped = new Promise<void>((resolve) => started.child.once('exit', resolve));
			started.child.kill();
			await stopped;
		}
		const { code, stderr } = await simulatorExit([...ON_FREE_PORTS, '--traits', 'searchCase=loud']);
		expect(code).toBe(1);
		expect(stderr).toContain('simulator trait searchCase has no value loud');
	});
});

describe('customer search', () => {
	test('searchCase: ignored (default) finds any case; compared finds the case as stored', async () => {
		expect(await companies('company', 'smith plumbing')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
			'Smith Plumbing 21',
			'Smith Plumbing 31',
			'Smith Plumbing 41',
			'Smith Plumbing 51',
		]);
		sim.traits.searchCase = 'compared';
		expect(await companies('company', 'smith plumbing')).toEqual([]);
		expect(await companies('company', 'Smith Plumbing 1')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
		]);
	});

	test('searchSpaces: kept (default) compares runs of spaces as typed; collapsed makes any run one space on both sides', async () => {
		customer(1004).company = 'Nguyen   Dental 4';
		expect(await companies('company', 'Nguyen Dental 4')).toEqual(['Nguyen Dental 44']);
		expect(await companies('company', 'Nguyen  Dental')).toEqual([]);
		sim.traits.searchSpaces = 'collapsed';
		expect(await companies('company', 'Nguyen Dental 4')).toEqual([
			'Nguyen   Dental 4',
			'Nguyen Dental 44',
		]);
		expect(await companies('company', 'Nguyen  Dental')).toEqual([
			'Nguyen   Dental 4',
			'Nguyen Dental 14',
			'Nguyen Dental 24',
			'Nguyen Dental 34',
			'Nguyen Dental 44',
			'Nguyen Dental 54',
		]);
	});

	test('searchEnds: trimmed (default) drops the value’s leading and trailing spaces; kept compares them', async () => {
		expect(await companies('company', 'Plumbing 1 ')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
		]);
		sim.traits.searchEnds = 'kept';
		expect(await companies('company', 'Plumbing 1 ')).toEqual([]);
		expect(await companies('company', ' Plumbing 1')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
		]);
	});

	test('searchMatch: part (default) finds the value inside the field; whole needs the whole field', async () => {
		expect(await companies('company', 'Smith Plumbing 1')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
		]);
		expect(await companies('email', 'liam.smith1')).toEqual(['Smith Plumbing 1']);
		sim.traits.searchMatch = 'whole';
		expect(await companies('company', 'Smith Plumbing 1')).toEqual(['Smith Plumbing 1']);
		expect(await companies('email', 'liam.smith1')).toEqual([]);
		// Case stays the searchCase trait's: whole, ignoring case.
		expect(await companies('email', 'LIAM.SMITH1@EXAMPLE.COM')).toEqual(['Smith Plumbing 1']);
	});

	test('searchInactive: shown (default) finds inactive customers too; hidden leaves them out', async () => {
		expect(customer(1015).active).toBe(false);
		expect(await companies('company', 'Brown Legal 15')).toEqual(['Brown Legal 15']);
		sim.traits.searchInactive = 'hidden';
		expect(await companies('company', 'Brown Legal 15')).toEqual([]);
		expect(await companies('company', 'Brown Legal 5')).toEqual([
			'Brown Legal 5',
			'Brown Legal 55',
		]);
	});

	test('searchUnicode: asStored (default) tells composed from decomposed; normalized finds either', async () => {
		const composed = 'Caf\u00e9 Wilson';
		const decomposed = 'Cafe\u0301 Wilson';
		customer(1002).company = composed;
		expect(await companies('company', decomposed)).toEqual([]);
		expect(await companies('company', composed)).toEqual([composed]);
		sim.traits.searchUnicode = 'normalized';
		expect(await companies('company', decomposed)).toEqual([composed]);
		customer(1002).company = decomposed;
		expect(await companies('company', composed)).toEqual([decomposed]);
	});

	test('searchNone: empty (default) answers no records; notFound answers no customer found', async () => {
		expect(await get('/customer/search/company/Nobody%20Here')).toEqual({
			success: true,
			records: [],
		});
		sim.traits.searchNone = 'notFound';
		expect(await get('/customer/search/company/Nobody%20Here')).toEqual({
			success: false,
			description: 'no customer found',
		});
		expect(await companies('company', 'Smith Plumbing 1')).toHaveLength(2);
	});

	test('furtherFields: absent (default) gives the spec’s fields; present adds ids, trading name and phone; withSecrets the whole row', async () => {
		const PROMISED = [
			'company',
			'name',
			'surname',
			'email',
			'mobile',
			'credit_management',
			'dob',
			'abn',
			'paymethod',
			'ctgid',
		];
		const record = async () => (await get('/customer/search/email/liam.smith1@')).records![0];
		expect(Object.keys(await record())).toEqual(PROMISED);
		sim.extras.add('searchCid');
		expect(Object.keys(await record())).toEqual(['cid', ...PROMISED]);
		sim.extras.delete('searchCid');
		sim.traits.furtherFields = 'present';
		expect(await record()).toEqual(
			expect.objectContaining({
				cid: '1001',
				account_id: 'ACC-1-0001',
				crm_id: 'CRM100001',
				trading_name: null,
				phone: customer(1001).phone,
			}),
		);
		expect(await record()).not.toHaveProperty('web_password');
		sim.traits.furtherFields = 'withSecrets';
		expect(await record()).toEqual(
			expect.objectContaining({
				cid: '1001',
				web_password: customer(1001).web_password,
				bank_number: customer(1001).bank_number,
				active: '1',
			}),
		);
	});
});

describe('other searches', () => {
	test('serviceSearchCase: ignored (default) in services/search and serviceType/search; compared tells case', async () => {
		const billingNames = async (value: string) =>
			(
				(await post('/services/search', [{ field: 'billing_name', operator: 'like', value }])) as {
					records: Array<{ billing_name: string }>;
				}
			).records.map((r) => r.billing_name);
		const typeNames = async (typeofservice: string) =>
			(
				(await get(`/serviceType/search?typeofservice=${typeofservice}`)).results as Array<{
					typeofservice: string;
				}>
			).map((t) => t.typeofservice);
		expect(await billingNames('static ip')).toEqual(['Static IP']);
		expect(await typeNames('nbn')).toEqual(['NBN 100/20', 'NBN 50/20']);
		sim.traits.serviceSearchCase = 'compared';
		expect(await billingNames('static ip')).toEqual([]);
		expect(await billingNames('Static IP')).toEqual(['Static IP']);
		expect(await typeNames('nbn')).toEqual([]);
		expect(await typeNames('NBN')).toEqual(['NBN 100/20', 'NBN 50/20']);
	});
});

describe('answers', () => {
	test('listOrder: oldestFirst (default); newestFirst turns every unpaged list around', async () => {
		const cids = async () => (await get('/customer/getAll')).records!.map((r) => r.cid);
		const contactIds = async () =>
			((await get('/customer/1002/contacts')).contacts as Array<{ id: string }>).map((c) => c.id);
		const ascending = (await cids()) as number[];
		expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
		expect(await contactIds()).toEqual(['5002', '5003']);
		expect(await companies('company', 'Smith Plumbing 1')).toEqual([
			'Smith Plumbing 1',
			'Smith Plumbing 11',
		]);
		sim.traits.listOrder = 'newestFirst';
		expect(await cids()).toEqual([...ascending].reverse());
		expect(await contactIds()).toEqual(['5003', '5002']);
		expect(await companies('company', 'Smith Plumbing 1')).toEqual([
			'Smith Plumbing 11',
			'Smith Plumbing 1',
		]);
	});

	test('numbers: mixed (default) as the simulator gives them; numbers or strings for every id, amount, count and flag', async () => {
		customer(1001).balance = 12.5;
		const rateItem = async () => {
			const card = (await get(`/callRates/get/${customer(1001).ctgid}`)).callRates as {
				ctgid: unknown;
				callTypes: Array<Record<string, unknown>>;
			};
			return { ctgid: card.ctgid, ratepermin: card.callTypes[0].ratepermin };
		};
		const service = async () => (await get('/services/get/20001')).serviceType as Json;
		expect(await get('/customer/balance/1001')).toEqual({
			success: true,
			balance: '12.50',
			cid: '1001',
		});
		expect(await rateItem()).toEqual({ ctgid: expect.any(Number), ratepermin: expect.any(Number) });
		expect(await service()).toMatchObject({ id: '20001', cid: '1001', monthlyfee: '59.95' });

		sim.traits.numbers = 'numbers';
		expect(await get('/customer/balance/1001')).toEqual({
			success: true,
			balance: 12.5,
			cid: 1001,
		});
		expect(await service()).toMatchObject({ id: 20001, cid: 1001, monthlyfee: 59.95, quantity: 1 });
		const page = await get('/serviceType/get/page/1');
		expect(page).toMatchObject({ page_number: 1, total_pages: 1 });
		expect((page.results as Json[])[0]).toMatchObject({ esid: 1, list_price: expect.any(Number) });
		// Not numbers, though made of digits.
		expect((await get('/customer/search/email/liam.smith1@')).records![0]).toMatchObject({
			mobile: customer(1001).mobile,
			abn: customer(1001).abn,
			ctgid: customer(1001).ctgid,
		});

		sim.traits.numbers = 'strings';
		expect(await get('/customer/balance/1001')).toEqual({
			success: true,
			balance: '12.50',
			cid: '1001',
		});
		expect(await rateItem()).toEqual({
			ctgid: String(customer(1001).ctgid),
			ratepermin: expect.stringMatching(/^\d+(\.\d+)?$/),
		});
		expect(await get('/serviceType/get/page/1')).toMatchObject({
			page_number: '1',
			total_pages: '1',
		});
		// The spec types getAll's cid as an integer: no trait makes it text.
		expect((await get('/customer/getAll')).records![0].cid).toBe(1001);
		// A failure keeps its own shape.
		expect(await get('/customer/balance/99999')).toEqual({
			success: false,
			description: 'no customer found',
		});
	});

	test('the state a route hands out is never changed by a trait', async () => {
		sim.traits.numbers = 'strings';
		sim.traits.listOrder = 'newestFirst';
		await get('/customer/getAll');
		await get(`/callRates/get/${customer(1001).ctgid}`);
		expect(sim.state.customers[0].cid).toBe(1001);
		expect(typeof sim.state.rateCards[0].callTypes[0].ratepermin).toBe('number');
	});
});

describe('per-record results (recordOrder)', () => {
	const cdr = (origId: string) =>
		Object.fromEntries(
			Object.entries({
				...sampleCdr(origId, '2026-11-20 10:00:00', 60),
				callerid: '0412346601',
			}).filter(([, v]) => v !== null),
		);

	test('request (default) keeps the request’s order; reversed answers the other way round, each result still naming its record', async () => {
		const addMany = async (ids: string[]) =>
			((await post('/cdr/multiple/add', ids.map(cdr))) as Array<{ yourid: string }>).map(
				(r) => r.yourid,
			);
		const etf = async (path: string) =>
			((await post(path, [20001, 20003])) as Array<{ enid: number }>).map((r) => r.enid);
		const sales = async () =>
			(
				(await post(
					'/externalsales/add',
					[1001, 1002].map((cid) => ({
						cid,
						date: '2026-11-20',
						products: [{ pid: 1, price: '10.00', quantity: 1 }],
					})),
				)) as { results: Array<{ cid: number }> }
			).results.map((r) => r.cid);

		expect(await addMany(['a1', 'a2', 'a3'])).toEqual(['a1', 'a2', 'a3']);
		expect(await etf('/services/calculateMultipleETF/2026-11-20')).toEqual([20001, 20003]);
		expect(await sales()).toEqual([1001, 1002]);

		sim.traits.recordOrder = 'reversed';
		expect(await addMany(['b1', 'b2', 'b3'])).toEqual(['b3', 'b2', 'b1']);
		expect(await etf('/services/calculateMultipleETF/2026-11-20')).toEqual([20003, 20001]);
		expect(await etf('/services/doMultipleETF/2026-11-20')).toEqual([20003, 20001]);
		expect(await sales()).toEqual([1002, 1001]);
	});

	test('getMultiplePrice: its data and failures come in the request’s order, or reversed', async () => {
		const stored = (await post('/cdr/multiple/add', ['p1', 'p2'].map(cdr))) as Array<{
			id: string;
		}>;
		const ids = [...stored.map((r) => r.id), 'nope-1', 'nope-2'];
		const prices = async () => {
			const answer = (await post('/cdr/getMultiplePrice', ids)) as {
				data: Array<{ id: string }>;
				failures: string[];
			};
			return { data: answer.data.map((d) => d.id), failures: answer.failures };
		};
		expect(await prices()).toEqual({ data: ids.slice(0, 2), failures: ['nope-1', 'nope-2'] });
		sim.traits.recordOrder = 'reversed';
		expect(await prices()).toEqual({
			data: ids.slice(0, 2).reverse(),
			failures: ['nope-2', 'nope-1'],
		});
	});
});

describe('a path’s {cid} naming two customers (pathRef)', () => {
	const balanceOf = async (ref: string) => (await get(`/customer/balance/${ref}`)).cid;

	test('listed (default): the first customer in the platform’s order whose cid, account_id or crm_id it is', async () => {
		customer(1003).crm_id = '1005';
		expect(await balanceOf('1005')).toBe('1003');
		customer(1003).crm_id = 'CRM100003';
		customer(1007).crm_id = '1005';
		expect(await balanceOf('1005')).toBe('1005');
	});

	test('cid: the customer whose id it is, wherever another holds it as a crm_id or account_id', async () => {
		sim.traits.pathRef = 'cid';
		customer(1003).crm_id = '1005';
		customer(1004).account_id = '1005';
		expect(await balanceOf('1005')).toBe('1005');
		// Every path with a {cid} reads it the same way.
		const contacts = (await get('/customer/1005/contacts')).contacts as unknown[];
		expect(contacts).toHaveLength(sim.state.contacts.filter((c) => c.cid === 1005).length);
	});

	test('crmId: the customer whose crm_id it is first, then account_id, then the id', async () => {
		sim.traits.pathRef = 'crmId';
		customer(1007).crm_id = '1005';
		customer(1004).account_id = '1005';
		expect(await balanceOf('1005')).toBe('1007');
		customer(1007).crm_id = 'CRM100007';
		expect(await balanceOf('1005')).toBe('1004');
		customer(1004).account_id = 'ACC-1-0004';
		expect(await balanceOf('1005')).toBe('1005');
	});
});

describe('reportAmounts: the spellings of a report row’s money', () => {
	const agedRows = async () =>
		(
			(await post('/report', {
				report: 'agedReceivables',
				// Today's, as the seeded invoices are dated from today: a fixed date would age out of them.
				report_options: { date: melbourneNow().slice(0, 10) },
			})) as {
				data: Array<Record<string, unknown>>;
			}
		).data;

	test('plain (default) as computed; every other value spells each money field, and nothing else', async () => {
		const plain = await agedRows();
		expect(plain.length).toBeGreaterThan(0);
		expect(
			plain.every(
				(row) => typeof row.balance === 'string' && /^-?\d+\.\d{2}$/.test(String(row.balance)),
			),
		).toBe(true);
		const spelt = (value: string) => ({
			numbers: Number(value),
			bare: String(Number(value)),
			grouped: value.replace(/^(-?\d+?)(\d{3})(\.\d+)$/, '$1,$2$3'),
			padded: value.padStart(12, ' '),
			accounting: value.startsWith('-') ? `(${value.slice(1)})` : value,
			currency: value.startsWith('-') ? `-$${value.slice(1)}` : `$${value}`,
			decimalComma: value.replace('.', ','),
		});
		for (const name of [
			'numbers',
			'bare',
			'grouped',
			'padded',
			'accounting',
			'currency',
			'decimalComma',
		] as const) {
			sim.traits.reportAmounts = name;
			const rows = await agedRows();
			expect(rows.map((row) => [row.cid, row.display_name, row.balance, row.overdue120])).toEqual(
				plain.map((row) => [
					row.cid,
					row.display_name,
					spelt(String(row.balance))[name],
					spelt(String(row.overdue120))[name],
				]),
			);
		}
	});

	test('grouped: thousands separated, at every thousand', async () => {
		sim.traits.reportAmounts = 'grouped';
		const { AMOUNT_SPELLINGS } = await import('./reports/amounts');
		expect(['1234567.50', '-1234.00', '999.99', '0.10'].map(AMOUNT_SPELLINGS.grouped)).toEqual([
			'1,234,567.50',
			'-1,234.00',
			'999.99',
			'0.10',
		]);
	});
});
