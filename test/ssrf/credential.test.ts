import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import { KEY, leaks } from '../harness/leaks';
import { credentialVerdict } from '../credentials/tester';
import { describeSsrf, useSsrfSettings } from './protection';

// The credential's Test button with n8n's SSRF protection on: the simulator listens on 127.0.0.1, which n8n's
// default block list holds, as a carrier's platform on a private or carrier-grade NAT address would be.
const API = new TelcoBillingApi().name;
const PORTAL = new TelcoBillingPortalLoginApi().name;
let sim: Simulator;
beforeEach(async () => {
	sim = await startSimulator();
	sim.state.keys.set(KEY, { key: KEY, data: { department: 1 } });
});
afterEach(async () => {
	await sim.close();
});

const LOOPBACK =
	'n8n’s SSRF protection blocked the request to 127.0.0.1 (a loopback address, n8n’s own machine): to ' +
	'allow the billing platform, add 127.0.0.1/32 to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and ' +
	'restart n8n';

describeSsrf('SSRF protection on, with n8n’s default block list', () => {
	useSsrfSettings({ N8N_SSRF_PROTECTION_ENABLED: 'true' });

	test('Test names the blocked address and the setting that allows it; nothing reaches the platform, the key is nowhere', async () => {
		const verdict = await credentialVerdict(API, { baseUrl: sim.url, apiKey: KEY });
		expect(verdict).toEqual({ status: 'Error', message: LOOPBACK });
		expect(sim.requests).toEqual([]);
		expect(leaks(verdict)).toEqual([]);
	});

	test('the portal login credential says the same, and its password stays out of it too', async () => {
		const password = 'portal-secret-1';
		const verdict = await credentialVerdict(PORTAL, {
			baseUrl: `${sim.url}/`,
			username: 'sandbox',
			password,
		});
		expect(verdict).toEqual({ status: 'Error', message: LOOPBACK });
		expect(leaks(verdict, [password])).toEqual([]);
	});

	test('a Base URL that names its host: the name can be allowed by name too', async () => {
		const { message } = await credentialVerdict(API, {
			baseUrl: sim.url.replace('127.0.0.1', 'localhost'),
			apiKey: KEY,
		});
		// localhost resolves to 127.0.0.1 or ::1, whichever the machine's resolver gives first.
		expect(message).toMatch(
			/^n8n’s SSRF protection blocked the request to localhost \((127\.0\.0\.1|::1), a loopback address, n8n’s own machine\): to allow the billing platform, add (127\.0\.0\.1\/32|::1\/128) to N8N_SSRF_ALLOWED_IP_RANGES, or localhost to N8N_SSRF_ALLOWED_HOSTNAMES, in n8n’s environment and restart n8n$/,
		);
	});

	test('a platform on a private address', async () => {
		const { message } = await credentialVerdict(API, {
			baseUrl: 'http://10.1.2.3:8443/api',
			apiKey: KEY,
		});
		expect(message).toBe(
			'n8n’s SSRF protection blocked the request to 10.1.2.3 (a private address): to allow the billing ' +
				'platform, add 10.1.2.3/32 to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and restart n8n',
		);
	});
});

describeSsrf('SSRF protection on, with n8n 3.0’s carrier-grade NAT range blocked', () => {
	// What 3.0's default list adds to 2.41's (its breaking-change rule "ssrf-default-blocked-ranges-v3").
	useSsrfSettings({
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_BLOCKED_IP_RANGES: 'default,100.64.0.0/10',
		N8N_SSRF_BLOCKED_HOSTNAMES: 'billing.blocked.example',
	});

	test('a platform behind carrier-grade NAT is told as such', async () => {
		const { message } = await credentialVerdict(API, {
			baseUrl: 'http://100.64.12.34:8443/api',
			apiKey: KEY,
		});
		expect(message).toBe(
			'n8n’s SSRF protection blocked the request to 100.64.12.34 (a carrier-grade NAT address, ' +
				'100.64.0.0/10): to allow the billing platform, add 100.64.12.34/32 to N8N_SSRF_ALLOWED_IP_RANGES ' +
				'in n8n’s environment and restart n8n',
		);
	});

	test('a host name on the blocked list names the setting that allows it by name', async () => {
		const { message } = await credentialVerdict(API, {
			baseUrl: 'https://billing.blocked.example/api',
			apiKey: KEY,
		});
		expect(message).toBe(
			'n8n’s SSRF protection blocked the request to billing.blocked.example (a host name in ' +
				'N8N_SSRF_BLOCKED_HOSTNAMES): add it to N8N_SSRF_ALLOWED_HOSTNAMES in n8n’s environment and restart n8n',
		);
	});
});

describeSsrf('SSRF protection on, the platform’s address allowed', () => {
	// What the message says to set; also what `npm start` sets for its own n8n (test/sandbox/ssrf.js).
	useSsrfSettings({
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
	});

	test('Test passes again', async () => {
		expect(await credentialVerdict(API, { baseUrl: sim.url, apiKey: KEY })).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
		expect(sim.requests).toHaveLength(1);
	});
});

describeSsrf('SSRF protection on, the address allowed without its prefix length', () => {
	// n8n takes ranges only (CIDR): a bare address is dropped with a warning in its log, which is why the
	// sentence spells the range out (127.0.0.1/32).
	useSsrfSettings({
		N8N_SSRF_PROTECTION_ENABLED: 'true',
		N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1',
	});

	test('is still blocked, and told the same way', async () => {
		expect(await credentialVerdict(API, { baseUrl: sim.url, apiKey: KEY })).toEqual({
			status: 'Error',
			message: LOOPBACK,
		});
	});
});
