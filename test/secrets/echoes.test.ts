import fc from 'fast-check';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { loadNodeOptions, PollingTrigger, runNode, shutdownEngine } from '../harness/engine';
import { allStrings } from '../harness/leaks';
import { propertySettings } from '../properties/settings';

/*
 * Whatever a server or a proxy answers, the key never reaches an error, an error item, a tool's answer, a
 * dropdown or the trigger: not whole, not in part. Drawn: the key (every character a URL, HTML or JSON gives a
 * meaning to, and others), how the page echoes the request (as sent, decoded, HTML-escaped by name or by number,
 * percent-encoded in lower case, form-encoded, JSON-escaped, cut short by the server), where the echo stands in
 * the page (across every cut the package makes), the status and the way the package met it.
 */

const SPECIAL = [...' &<>"\'%+/?#=;:@!$()*,[]{}|\\^`é€漢'];
const PLAIN = [...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789-_.'];
// The filler that moves the echo along the page: no character a key holds.
const FILLER = '~';

const keyArbitrary = fc
	.tuple(
		fc.constantFrom(...PLAIN),
		fc.array(fc.constantFrom(...PLAIN, ...SPECIAL, ...SPECIAL), { minLength: 14, maxLength: 38 }),
		fc.constantFrom(...PLAIN),
	)
	.map(([first, middle, last]) => `${first}${middle.join('')}${last}`);

const ECHOES = [
	'as sent',
	'decoded',
	'html named',
	'html numeric',
	'html hex',
	'lower hex',
	'form',
	'json',
	'cut short',
] as const;
type Echo = (typeof ECHOES)[number];

const STYLES = ['html 404', 'text 500', 'text 502', 'html 200', 'json 200', 'json 404'] as const;
type Style = (typeof STYLES)[number];

const SURFACES = ['stop', 'continue', 'tool', 'write', 'dropdown', 'trigger'] as const;
type Surface = (typeof SURFACES)[number];

function decodedPath(path: string): string {
	try {
		return decodeURIComponent(path);
	} catch {
		return path;
	}
}

function echoOf(path: string, echo: Echo, cutAt: number): string {
	const decoded = decodedPath(path);
	const numeric = (radix: 10 | 16) =>
		[...decoded]
			.map((char) =>
				/[A-Za-z0-9/]/.test(char)
					? char
					: radix === 10
						? `&#${char.codePointAt(0)};`
						: `&#x${(char.codePointAt(0) ?? 0).toString(16)};`,
			)
			.join('');
	switch (echo) {
		case 'as sent':
			return path;
		case 'decoded':
			return decoded;
		case 'html named':
			return decoded
				.replace(/&/g, '&amp;')
				.replace(/</g, '&lt;')
				.replace(/>/g, '&gt;')
				.replace(/"/g, '&quot;')
				.replace(/'/g, '&#39;');
		case 'html numeric':
			return numeric(10);
		case 'html hex':
			return numeric(16);
		case 'lower hex':
			return path.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
		case 'form':
			return path.replace(/%20/g, '+');
		case 'json':
			return JSON.stringify(decoded).slice(1, -1);
		case 'cut short':
			return `${decoded.slice(0, cutAt)}…`;
	}
}

function pageOf(
	style: Style,
	echo: string,
	pad: number,
): { status: number; type: string; body: string } {
	const padded = `${FILLER.repeat(pad)} ${echo} ${FILLER.repeat(20)}`;
	switch (style) {
		case 'html 404':
			return {
				status: 404,
				type: 'text/html',
				body: `<html><head><title>404 Not Found</title></head><body><p>${padded}</p></body></html>`,
			};
		case 'text 500':
			return { status: 500, type: 'text/plain', body: `Internal Server Error ${padded}` };
		case 'text 502':
			return { status: 502, type: 'text/plain', body: `Bad Gateway: could not handle ${padded}` };
		case 'html 200':
			return {
				status: 200,
				type: 'text/html',
				body: `<!DOCTYPE html><html><body><h1>Fatal error</h1><p>${padded}</p></body></html>`,
			};
		case 'json 200':
			return {
				status: 200,
				type: 'application/json',
				body: JSON.stringify({ success: false, description: padded, error_code: 'e_unknown' }),
			};
		case 'json 404':
			return {
				status: 404,
				type: 'application/json',
				body: JSON.stringify({ success: false, description: padded }),
			};
	}
}

/** Every way a reader might decode a text: JSON escapes, HTML references, percent escapes, `+` for a space. */
function readings(text: string): string[] {
	const html = (value: string) =>
		value
			.replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
			.replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
			.replace(/&quot;/g, '"')
			.replace(/&#39;|&apos;/g, "'")
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&amp;/g, '&');
	const json = (value: string) =>
		value
			.replace(/\\(["\\/])/g, '$1')
			.replace(/\\u([0-9a-f]{4})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
	const percent = (value: string) =>
		value.replace(/(%[0-9a-f]{2})+/gi, (run) => {
			try {
				return decodeURIComponent(run);
			} catch {
				return run;
			}
		});
	const decoded = percent(html(json(text)));
	return [text, decoded, decoded.replace(/\+/g, ' '), percent(text), html(text)];
}

/** The key's characters that a reading shows in a run of eight or more (or the whole of it). */
function runsOfKey(strings: string[], key: string): string[] {
	const windows = new Set<string>();
	for (let i = 0; i + 8 <= key.length; i++) windows.add(key.slice(i, i + 8));
	return strings.flatMap((text) =>
		readings(text).flatMap((reading) => [...windows].filter((window) => reading.includes(window))),
	);
}

let app: FastifyInstance;
let url = '';
let answer: (path: string) => { status: number; type: string; body: string } = () => ({
	status: 200,
	type: 'application/json',
	body: '{}',
});

beforeAll(async () => {
	app = Fastify({ logger: false, forceCloseConnections: true });
	app.all('/*', async (request, reply) => {
		const { status, type, body } = answer(request.url);
		return await reply.code(status).type(type).send(body);
	});
	url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
	await app.close();
	await shutdownEngine();
});

const customer = new TelcoBillingCustomer();

async function meet(surface: Surface, key: string): Promise<unknown> {
	const credentials = { baseUrl: url, apiKey: key };
	const balance = { resource: 'customer', operation: 'getBalance', cid: '1001' };
	const run = async (
		nodeType: INodeType,
		parameters: INodeParameters,
		options: IDataObject = {},
	) => {
		const result = await runNode({ nodeType, parameters, credentials, ...options });
		return [result.run, result.error, result.items];
	};
	switch (surface) {
		case 'stop':
			return await run(customer, balance);
		case 'continue':
			return await run(customer, balance, { continueOnFail: true });
		case 'tool':
			return await run(customer, balance, { asTool: true, typeVersion: 1.1 });
		case 'write':
			return await run(
				customer,
				{
					resource: 'customer',
					operation: 'recordExternalPayment',
					cid: '1001',
					transaction_id: 't1',
					amount: 5,
				},
				{ continueOnFail: true },
			);
		case 'dropdown':
			return await loadNodeOptions({
				nodeType: new TelcoBillingCatalog(),
				method: 'loadOptions.getProducts',
				parameters: {},
				credentials,
			}).catch((error: unknown) => error);
		case 'trigger': {
			const trigger = new PollingTrigger(
				new TelcoBillingTrigger(),
				{ events: ['newCampaign'] },
				credentials,
			);
			return await trigger.poll().catch((error: unknown) => error);
		}
	}
}

test('no run of eight characters of the key reaches anything a user or a model sees', async () => {
	let failed = 0;
	await fc.assert(
		fc.asyncProperty(
			keyArbitrary,
			fc.constantFrom(...ECHOES),
			fc.constantFrom(...STYLES),
			fc.constantFrom(...SURFACES),
			fc.integer({ min: 0, max: 420 }),
			fc.integer({ min: 8, max: 30 }),
			async (key, echo, style, surface, pad, cutAt) => {
				answer = (path) => pageOf(style, echoOf(path, echo, cutAt), pad);
				const seen = await meet(surface, key);
				const strings = allStrings(seen);
				if (strings.some((text) => /from the billing platform|billing platform/.test(text)))
					failed++;
				expect(runsOfKey(strings, key)).toEqual([]);
			},
		),
		propertySettings(60),
	);
	// Some case must have met a failure carrying the page, or the property proved nothing.
	expect(failed).toBeGreaterThan(0);
});
