import type { ICredentialDataDecryptedObject, INodeProperties } from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { loadNodeOptions, PollingTrigger, runNode } from '../harness/engine';
import { balanceRun } from '../harness/balanceRun';
import { DEMO_KEY } from '../harness/nodeRunner';
import { selfSignedCertificate, startTlsFront } from '../harness/tlsFront';
import type { TlsFront } from '../harness/tlsFront';
import { PORTAL, SANDBOX_LOGIN } from '../kits/account';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { credentialVerdict } from './tester';

/*
 * A development platform with its own certificate: HTTPS on localhost with a self-signed certificate in front of
 * the simulator. With the credential's Ignore SSL Issues off (the default), every kind of request fails saying
 * the certificate is not trusted and naming the setting, and nothing reaches the platform; on, every kind works:
 * node runs, the credential tests, dropdowns, list searches, the trigger, and the Portal Login credential.
 */

const CERTIFICATE = selfSignedCertificate();
const API = new TelcoBillingApi().name;

let sim: Simulator;
let front: TlsFront;
beforeEach(async () => {
	sim = await startSimulator();
	front = await startTlsFront(sim.url, CERTIFICATE);
});
afterEach(async () => {
	await front.close();
	await sim.close();
});

const UNTRUSTED =
	/certificate of localhost:\d+ is not trusted by n8n.*turn on Ignore SSL Issues \(Insecure\) in the Telco Billing API credential/;
const UNTRUSTED_PORTAL =
	/certificate of localhost:\d+ is not trusted by n8n.*turn on Ignore SSL Issues \(Insecure\) in the Telco Billing Portal Login API credential/;

const credential = (ignore?: boolean): ICredentialDataDecryptedObject => ({
	baseUrl: front.url,
	apiKey: DEMO_KEY,
	...(ignore === undefined ? {} : { allowUnauthorizedCerts: ignore }),
});

test.each([new TelcoBillingApi(), new TelcoBillingPortalLoginApi()])(
	'$displayName offers Ignore SSL Issues (Insecure), off by default',
	(type) => {
		const field = type.properties.find(({ name }) => name === 'allowUnauthorizedCerts');
		expect(field).toMatchObject<Partial<INodeProperties>>({
			displayName: 'Ignore SSL Issues (Insecure)',
			type: 'boolean',
			default: false,
		});
	},
);

describe('a node run', () => {
	const balance = async (ignore?: boolean) => await balanceRun(credential(ignore));

	test('off (the default): fails once, naming the setting; nothing reaches the platform', async () => {
		const result = await balance();
		expect(result.error?.message).toMatch(UNTRUSTED);
		expect(result.error?.message).not.toContain('tried');
		expect(sim.requests).toEqual([]);
	});

	test('on: the request is sent and answered', async () => {
		const result = await balance(true);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual(expect.objectContaining({ balance: expect.anything() }));
		expect(sim.requests.map(({ url }) => url)).toEqual([`/${DEMO_KEY}/customer/balance/1001`]);
	});

	test('a programmatic node (Call Record) too', async () => {
		const status = async (ignore: boolean) =>
			await runNode({
				nodeType: new TelcoBillingCallRecord(),
				parameters: { resource: 'callRecord', operation: 'getImportStatus' },
				input: [{}],
				credentials: credential(ignore),
			});
		expect((await status(false)).error?.message).toMatch(UNTRUSTED);
		expect((await status(true)).error).toBeUndefined();
	});
});

describe('the credential tests', () => {
	test('Telco Billing API: off names the setting, on connects', async () => {
		expect((await credentialVerdict(API, credential(false))).message).toMatch(UNTRUSTED);
		expect(await credentialVerdict(API, credential(true))).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	test('Telco Billing Portal Login API: off names the setting, on logs in', async () => {
		const portal = (ignore: boolean) => ({
			baseUrl: front.url,
			...SANDBOX_LOGIN,
			allowUnauthorizedCerts: ignore,
		});
		expect((await credentialVerdict(PORTAL, portal(false))).message).toMatch(UNTRUSTED_PORTAL);
		expect(await credentialVerdict(PORTAL, portal(true))).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});
});

describe('the editor’s dropdowns and list searches', () => {
	const load = async (method: string, ignore: boolean) =>
		await loadNodeOptions({
			nodeType: method.startsWith('listSearch')
				? new TelcoBillingCustomer()
				: new TelcoBillingCatalog(),
			method,
			parameters: {},
			filter: method.startsWith('listSearch') ? 'Smith' : undefined,
			credentials: credential(ignore),
		});

	test.each(['loadOptions.getServiceTypes', 'listSearch.searchCustomers'])(
		'%s: off names the setting, on lists',
		async (method) => {
			await expect(load(method, false)).rejects.toThrow(UNTRUSTED);
			expect(sim.requests).toEqual([]);
			const listed = (await load(method, true)) as unknown[] | { results: unknown[] };
			expect(Array.isArray(listed) ? listed : listed.results).not.toHaveLength(0);
		},
	);
});

test('the trigger: off names the setting, on polls', async () => {
	const poller = (ignore: boolean) =>
		new PollingTrigger(new TelcoBillingTrigger(), { events: ['cdrsImported'] }, credential(ignore));
	await expect(poller(false).poll()).rejects.toThrow(UNTRUSTED);
	await expect(poller(true).poll()).resolves.not.toThrow();
	expect(sim.requests.map(({ url }) => url)).toContain(`/${DEMO_KEY}/cdr/status`);
});

test('Account → Verify Portal Login through the Portal Login credential: off names it, on logs in', async () => {
	const verify = async (ignore: boolean) =>
		await runNode({
			nodeType: new TelcoBillingAccount(),
			parameters: { resource: 'account', operation: 'verifyLogin' },
			input: [{}],
			credentials: credential(true),
			otherCredentials: {
				[PORTAL]: { baseUrl: front.url, ...SANDBOX_LOGIN, allowUnauthorizedCerts: ignore },
			},
		});
	expect((await verify(false)).error?.message).toMatch(UNTRUSTED_PORTAL);
	const logged = await verify(true);
	expect(logged.error).toBeUndefined();
	expect(logged.items).toHaveLength(1);
});
