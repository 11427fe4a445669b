import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Get Payment Details reports what is on file without secrets', async () => {
		const target = node.sim().state.customers[0];
		const result = await node.run(customer('getPaymentDetails', { cid: target.account_id }));
		const [out] = jsonOf(result);
		expect(out).toMatchObject({
			success: true,
			cid: target.cid,
			card_on_file: true,
			bank_on_file: true,
			bank_number_last3: target.bank_number.slice(-3),
		});
		expect(JSON.stringify(out)).not.toContain(target.bank_number);
	});
});
