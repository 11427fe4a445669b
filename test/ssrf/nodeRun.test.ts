import type { IDataObject } from 'n8n-workflow';
import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
import type { RunResult } from '../harness/engine';
import { KEY, leaks } from '../harness/leaks';
import { describeSsrf, useSsrfSettings } from './protection';

// A node run with n8n's SSRF protection on and the platform's address blocked (the simulator's 127.0.0.1, in
// n8n's default block list): one sentence naming the address and the setting, never a network failure.
const { node, customer } = useCustomer();
beforeEach(() => {
	node.sim().state.keys.set(KEY, { key: KEY, data: { department: 1 } });
});
const balance = customer('getBalance', { cid: '1001' });

const BLOCKED =
	'n8n’s SSRF protection blocked the request to 127.0.0.1 (a loopback address, n8n’s own machine): to ' +
	'allow the billing platform, add 127.0.0.1/32 to N8N_SSRF_ALLOWED_IP_RANGES in n8n’s environment and ' +
	'restart n8n';

function hintsOf(result: RunResult): string[] {
	const runs = result.run.data.resultData.runData['Telco Billing'] ?? [];
	return runs.flatMap((run) => (run.hints ?? []).map((hint) => hint.message));
}

describeSsrf('SSRF protection on, the platform’s address blocked', () => {
	useSsrfSettings({ N8N_SSRF_PROTECTION_ENABLED: 'true' });

	test('the node fails with the sentence, says nothing was sent, tries once; the key is nowhere', async () => {
		const result = await node.run(balance, { apiKey: KEY });
		expect(result.error?.message).toBe(BLOCKED);
		expect(result.error?.description).toMatch(
			/^n8n did not send the request: its SSRF protection \(N8N_SSRF_PROTECTION_ENABLED\) .* Nothing reached the platform/,
		);
		// Not a network failure, and not tried again: n8n would block every try the same way.
		expect(result.error?.message).not.toMatch(/connect|tried \d+ times/i);
		expect(node.sim().requests).toEqual([]);
		expect(leaks([result.run, result.error, result.items])).toEqual([]);
	});

	test('under Continue On Fail no item escapes it: every item gets the sentence, and the output pane says why', async () => {
		const result = await node.run(customer('getBalance', { cid: '={{ $json.cid }}' }), {
			apiKey: KEY,
			input: [{ cid: '1001' }, { cid: '1002' }, { cid: '1003' }],
			continueOnFail: true,
			credential: { maxConcurrency: 1 },
		});
		const items = jsonOf(result) as IDataObject[];
		// The first item met it; the others were not sent, and say so.
		const unsent = {
			error: BLOCKED,
			note: 'Not sent: an earlier item of this run met this failure, which every item would meet.',
		};
		expect(items).toEqual([{ error: BLOCKED }, unsent, unsent]);
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			[0, 1, 2].map((item) => ({ item })),
		);
		expect(hintsOf(result)).toEqual([`${BLOCKED}. No item was sent after it.`]);
		expect(leaks([result.run, result.items])).toEqual([]);
	});

	test('a write is reported as not carried out (nothing left n8n), never as "may or may not"', async () => {
		const result = await node.run(
			customer('update', {
				cid: { __rl: true, mode: 'id', value: '1001' },
				updateFields: { mobile: '0400000001' },
			}),
			{ apiKey: KEY },
		);
		expect(result.error?.message).toBe(BLOCKED);
		expect(result.error?.description).not.toMatch(/may or may not/);
	});

	test('the editor’s customer picker shows the same sentence', async () => {
		await expect(node.options('listSearch.searchCustomers', {}, 'Smith')).rejects.toThrow(BLOCKED);
	});
});

describeSsrf(
	'SSRF protection on, the platform’s address allowed (N8N_SSRF_ALLOWED_IP_RANGES)',
	() => {
		useSsrfSettings({
			N8N_SSRF_PROTECTION_ENABLED: 'true',
			N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
		});

		test('the node runs again', async () => {
			const result = await node.run(balance, { apiKey: KEY });
			expect(result.error).toBeUndefined();
			expect(jsonOf(result)).toEqual([expect.objectContaining({ cid: 1001 })]);
		});
	},
);
