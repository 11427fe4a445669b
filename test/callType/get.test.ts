import { useCatalog } from '../kits/catalog';
import { jsonOf } from '../harness/nodeRunner';
const { node, urls } = useCatalog();

describe('Call Type', () => {
	test('Get uses callType/get/{id}', async () => {
		const detail = await node.run({ resource: 'callType', operation: 'get', ctid: 3 });
		expect(jsonOf(detail)[0]).toMatchObject({
			ctid: 3,
			name: 'International',
			dest_regex: '^0011\\d+$',
			default_rate: expect.objectContaining({ ratepermin: 1.2, account_regex: '.*' }),
		});
		expect(urls()).toEqual(['/callType/get/3']);
	});
	test('serviceType/get/{id} keeps answering with service types, so the two listings cannot be confused', async () => {
		const result = await node.run({ resource: 'serviceType', operation: 'get', esid: 3 });
		expect(jsonOf(result)[0]).toMatchObject({ esid: 3, typeofservice: 'SIP Trunk' });
	});
});
