import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { useNode } from '../harness/nodeRunner';

// Found by a fresh-eyes review: docs/quirks.md says an HTTP 200 `{"success":true}` without the list the spec
// shows is "a failure, never an empty list: … The same for dropdowns and list searches". The paged dropdowns
// (allPages, shownList) keep that; the others read `body.x ?? []` and show an empty list, which the editor
// presents as "no bundles / no services / no customers / no filter fields / no sources": nothing there.

const service = useNode(new TelcoBillingService());
const bulkEmail = useNode(new TelcoBillingBulkEmail());
const triggerNode = useNode(new TelcoBillingTrigger());

/** What the editor would show: the list, or the failure. */
async function shown(call: () => Promise<unknown>): Promise<unknown> {
	return await call().then(
		(value) => ({ listed: value }),
		(error: Error) => ({ failed: error.message }),
	);
}

const FAILED = { failed: expect.any(String) };

test("a customer's bundles answered without serviceBundles are a failure, not no bundles", async () => {
	service.sim().faults.push('bare200');
	const parameters = {
		resource: 'bundle',
		operation: 'get',
		cid: { __rl: true, mode: 'id', value: '1001' },
	};
	expect(await shown(() => service.options('loadOptions.getCustomerBundles', parameters))).toEqual(
		FAILED,
	);
});

test('the service list search answered without records is a failure, not no services', async () => {
	const target = service.sim().state.services[3];
	service.sim().faults.push('bare200');
	expect(
		await shown(() => service.options('listSearch.searchServices', {}, target.service_num)),
	).toEqual(FAILED);
});

test('the customer list search answered without the customer list is a failure, not no customers', async () => {
	service.sim().faults.push('bare200');
	expect(await shown(() => service.options('listSearch.searchCustomers'))).toEqual(FAILED);
});

test('the bulk email filter fields answered without fields are a failure, not no fields', async () => {
	bulkEmail.sim().faults.push('bare200');
	expect(await shown(() => bulkEmail.options('loadOptions.getFilterFields'))).toEqual(FAILED);
});

test('the CDR sources answered without data are a failure, not no sources', async () => {
	triggerNode.sim().faults.push('bare200');
	expect(await shown(() => triggerNode.options('loadOptions.getCdrSources'))).toEqual(FAILED);
});
