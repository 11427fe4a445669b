import { hostOf, ssrfBlockOf, ssrfMessage } from '../../nodes/shared/platform/ssrf';
import {
	isNodeWide,
	PlatformRequestError,
	transportFailure,
} from '../../nodes/shared/platform/failure';
import { mayHaveApplied, mayRetry } from '../../nodes/shared/transport/retry';
import type { INode } from 'n8n-workflow';

// What n8n's SSRF protection throws (@n8n/backend-network 1.15, in n8n 2.41), as plain objects: these run on
// any engine; test/ssrf/credential.test.ts and nodeRun.test.ts meet the real errors on n8n-core 2.41.
const blockedIp = (ip: string, hostname?: string) =>
	Object.assign(
		new Error('The request was blocked because it resolves to a restricted IP address'),
		{
			name: 'SsrfBlockedIpError',
			ip,
			hostname,
		},
	);

test('found on the error itself (a credential test) or as the cause of n8n’s NodeApiError (a node run)', () => {
	expect(ssrfBlockOf(blockedIp('10.1.2.3'))).toEqual({
		by: 'address',
		ip: '10.1.2.3',
		hostname: undefined,
	});
	const wrapped = Object.assign(new Error('The request was blocked…'), {
		cause: blockedIp('10.1.2.3'),
	});
	expect(ssrfBlockOf(wrapped)).toMatchObject({ by: 'address', ip: '10.1.2.3' });
	const byName = Object.assign(new Error('restricted hostname'), {
		name: 'SsrfBlockedHostnameError',
		hostname: 'billing.internal',
	});
	expect(ssrfBlockOf({ cause: byName })).toEqual({ by: 'name', hostname: 'billing.internal' });
	expect(ssrfBlockOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeUndefined();
});

test.each([
	['127.0.0.1', 'a loopback address, n8n’s own machine', '127.0.0.1/32'],
	['::1', 'a loopback address, n8n’s own machine', '::1/128'],
	['10.20.30.40', 'a private address', '10.20.30.40/32'],
	['172.31.0.9', 'a private address', '172.31.0.9/32'],
	['192.168.1.10', 'a private address', '192.168.1.10/32'],
	['fd12:3456::7', 'a private address', 'fd12:3456::7/128'],
	['100.64.0.1', 'a carrier-grade NAT address, 100.64.0.0/10', '100.64.0.1/32'],
	['100.127.255.254', 'a carrier-grade NAT address, 100.64.0.0/10', '100.127.255.254/32'],
	['169.254.169.254', 'a link-local address', '169.254.169.254/32'],
	['198.51.100.7', 'a reserved address', '198.51.100.7/32'],
	['::ffff:10.0.0.5', 'a private address', '::ffff:10.0.0.5/128'],
	['8.8.8.8', 'an address in N8N_SSRF_BLOCKED_IP_RANGES', '8.8.8.8/32'],
])('%s: told as %s, allowed as %s', (ip, kind, range) => {
	expect(ssrfMessage({ by: 'address', ip })).toBe(
		`n8n’s SSRF protection blocked the request to ${ip} (${kind}): to allow the billing platform, add ` +
			`${range} to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and restart n8n`,
	);
});

test('100.128.0.1 is outside carrier-grade NAT, 172.32.0.1 outside the private 172.16.0.0/12', () => {
	expect(ssrfMessage({ by: 'address', ip: '100.128.0.1' })).toContain(
		'an address in N8N_SSRF_BLOCKED_IP_RANGES',
	);
	expect(ssrfMessage({ by: 'address', ip: '172.32.0.1' })).toContain(
		'an address in N8N_SSRF_BLOCKED_IP_RANGES',
	);
});

test('a host name is offered for N8N_SSRF_ALLOWED_HOSTNAMES; an address typed into the URL is not', () => {
	expect(ssrfMessage({ by: 'address', ip: '10.1.2.3' }, 'billing.carrier.internal')).toBe(
		'n8n’s SSRF protection blocked the request to billing.carrier.internal (10.1.2.3, a private address): ' +
			'to allow the billing platform, add 10.1.2.3/32 to N8N_SSRF_ALLOWED_IP_RANGES, or ' +
			'billing.carrier.internal to N8N_SSRF_ALLOWED_HOSTNAMES, in n8n’s environment and restart n8n',
	);
	expect(ssrfMessage({ by: 'address', ip: '10.1.2.3' }, '10.1.2.3')).not.toContain('HOSTNAMES');
	expect(ssrfMessage({ by: 'address', ip: 'fd00::5' }, 'fd00::5')).not.toContain('HOSTNAMES');
});

test('an address block whose address n8n did not name still names the setting, never the host-name one', () => {
	const blocked = Object.assign(new Error('blocked'), { name: 'SsrfBlockedIpError' });
	expect(ssrfMessage(ssrfBlockOf(blocked)!, 'billing.internal')).toBe(
		'n8n’s SSRF protection blocked the request to billing.internal (an address in ' +
			'N8N_SSRF_BLOCKED_IP_RANGES): to allow the billing platform, add its address as a range (e.g. ' +
			'10.1.2.3/32) to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and restart n8n',
	);
});

test('the Base URL’s host, as n8n checks it', () => {
	expect(hostOf(' https://user:pw@billing.example.com:8443/api ')).toBe('billing.example.com');
	expect(hostOf('http://[fd00::5]:8080/api')).toBe('fd00::5');
	expect(hostOf('not a url')).toBeUndefined();
});

test('a block is its own kind of failure: not a network failure, not retried, and node-wide', () => {
	const failure = transportFailure({
		message: 'The request was blocked',
		cause: blockedIp('10.1.2.3'),
	});
	expect(failure).toMatchObject({ kind: 'blocked', ssrf: { ip: '10.1.2.3' } });
	expect(failure.message).toMatch(/^n8n’s SSRF protection blocked the request to 10\.1\.2\.3/);
	const node = { name: 'Telco Billing', type: 'x', typeVersion: 1 } as INode;
	const error = new PlatformRequestError(node, failure);
	expect(error.description).toMatch(/^n8n did not send the request/);
	expect(isNodeWide(error)).toBe(true);
	// n8n would block every try alike; and a write it blocked never left n8n.
	expect(mayRetry(failure, true)).toBe(false);
	expect(mayHaveApplied(failure)).toBe(false);
});
