import type { INodeParameters } from 'n8n-workflow';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { OFF_SPEC_HEADER } from '../conformance/guard';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';
const node = useNode(new TelcoBillingBulkEmail());
const bulk = () => node.sim().state.bulkEmail;
const key = () => node.sim().state.keys.get(DEMO_KEY)!;
const create = (parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'campaign',
	operation: 'create',
	subject: `S ${Math.random()}`,
	content: 'Hello {{name}}',
	...parameters,
});
const oneOf = (cid: number) => ({ customerIds: String(cid) });
/** A bad request sent on purpose, to see the simulator refuse it as the spec says. */
async function raw(body: string | object, path = '/customer/bulk-email') {
	const headers = {
		'content-type': 'application/json',
		[OFF_SPEC_HEADER]: 'a bad request, to see it refused',
	};
	const response = await fetch(`${node.sim().url}/${DEMO_KEY}${path}`, {
		method: 'POST',
		headers,
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	return (await response.json()) as { error_code?: string };
}
/**
 * Each code reaches the user the same way: a node error carrying the code, or a paired item with
 * Continue On Fail.
 */
async function expectCode(
	code: string,
	parameters: INodeParameters,
	options: { apiKey?: string } = {},
	prepare: () => void = () => {},
) {
	prepare();
	const failed = await node.run(parameters, options);
	expect(failed.error?.message).toMatch(new RegExp(`\\[${code}\\]$`));
	expect(failed.error?.context).toMatchObject({ errorCode: code });
	prepare();
	const continued = await node.run(parameters, { ...options, continueOnFail: true });
	expect(jsonOf(continued)).toEqual([{ error: expect.any(String), error_code: code }]);
	expect(continued.items[0].pairedItem).toEqual({ item: 0 });
}

describe('codes the platform gives for what a workflow can cause', () => {
	test('invalid_key', async () => {
		await expectCode(
			'invalid_key',
			{ resource: 'campaign', operation: 'getFilters' },
			{ apiKey: 'unknown-key' },
		);
	});

	test('capability_denied: a key without bulk_email, on every endpoint', async () => {
		await expectCode(
			'capability_denied',
			{ resource: 'campaign', operation: 'getAll', returnAll: true },
			{ apiKey: 'demo-key-nocdr' },
		);
		await expectCode(
			'capability_denied',
			{ resource: 'campaign', operation: 'preview' },
			{ apiKey: 'demo-key-nocdr' },
		);
	});

	test('no_recipients', async () => {
		await expectCode(
			'no_recipients',
			create({ filters: { rows: [{ field: 'suburb', value: 'Atlantis' }] } }),
		);
	});

	test('recipient_count_changed', async () => {
		await expectCode('recipient_count_changed', create({ guard: 'manual', expectedCount: 999 }));
	});

	test('too_many_recipients: over the key’s bulk_email_max_recipients', async () => {
		key().data.bulk_email_max_recipients = 5;
		await expectCode('too_many_recipients', create());
	});

	test('daily_campaign_limit_reached: UI campaigns count too', async () => {
		key().data.bulk_email_max_daily_campaigns = 3;
		bulk().uiCampaigns.push(
			{ deptid: 1, createdMs: Date.now() },
			{ deptid: 1, createdMs: Date.now() },
			{ deptid: 1, createdMs: Date.now() },
		);
		await expectCode('daily_campaign_limit_reached', create(oneOf(1001)));
	});

	test('duplicate_campaign: the same subject within 60 seconds', async () => {
		await node.run(create({ subject: 'Once only', ...oneOf(1001) }));
		await expectCode('duplicate_campaign', create({ subject: 'Once only', ...oneOf(1002) }));
		expect(bulk().campaigns).toHaveLength(1);
	});

	test('create_failed: nothing is stored', async () => {
		await expectCode(
			'create_failed',
			create(oneOf(1001)),
			{},
			() => (bulk().failNextCreate = true),
		);
		expect(bulk().campaigns).toEqual([]);
	});

	test('not_found', async () => {
		await expectCode('not_found', {
			resource: 'campaign',
			operation: 'cancel',
			campaignId: '424242',
		});
	});

	test('already_cancelled', async () => {
		const c = bulk().create(1, 'x', 'y', node.sim().state.customers.slice(0, 1), null);
		c.status = 'cancelled';
		await expectCode('already_cancelled', {
			resource: 'campaign',
			operation: 'cancel',
			campaignId: String(c.id),
		});
	});

	test('campaign_completed', async () => {
		const c = bulk().create(1, 'x', 'y', node.sim().state.customers.slice(0, 1), null);
		bulk().drain();
		await expectCode('campaign_completed', {
			resource: 'campaign',
			operation: 'cancel',
			campaignId: String(c.id),
		});
	});
});

// The node refuses these inputs before sending, so a workflow cannot cause them; the simulator still gives
// each code for the bad request (checked on the wire), and the node maps each one when a platform sends it.
describe.each([
	['deptid_not_allowed', { subject: 's', content: 'c', deptid: 2 }],
	['invalid_request', '{"subject": "s", '],
	['attachments_not_supported', { subject: 's', content: 'c', attachments: [] }],
	['missing_subject', { subject: ' ', content: 'c' }],
	['missing_content', { subject: 's' }],
	['invalid_schedule', { subject: 's', content: 'c', scheduled_at: '2027-02-30' }],
])('%s', (code, badBody) => {
	test('the simulator answers it for the bad request', async () => {
		expect(await raw(badBody)).toMatchObject({ success: false, error_code: code });
	});

	test('the node maps it: error with the code, or a paired item with Continue On Fail', async () => {
		await expectCode(code, create(oneOf(1001)), {}, () =>
			node.sim().faults.push({ errorCode: code }),
		);
	});
});

test('deptid_not_allowed on preview too', async () => {
	expect(await raw({ deptid: 1 }, '/customer/bulk-email/preview')).toMatchObject({
		error_code: 'deptid_not_allowed',
	});
});

test('the node refuses what would cause the pre-empted codes, before any request', async () => {
	const refusals = [
		[create({ subject: '={{ " " }}' }), 'Subject (subject) is required'],
		[create({ content: '={{ "" }}' }), 'Content (content) is required'],
		[
			create({ filters: { rows: [{ field: '={{ "deptid" }}', value: '2' }] } }),
			'Filters (filters): deptid is not allowed; the key’s department is always used',
		],
	] as const;
	for (const [parameters, message] of refusals) {
		const result = await node.run(parameters as INodeParameters);
		expect(result.error?.message).toBe(message);
	}
	expect(node.sim().requests).toEqual([]);
});
