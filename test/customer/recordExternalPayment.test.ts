import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: money and charges', () => {
	test('Record External Payment logs once; the same transaction ID again is reported as a duplicate, not paid twice', async () => {
		const params = customer('recordExternalPayment', {
			cid: '1005',
			transaction_id: 'EFT-2026-001',
			amount: 42,
			additionalFields: { date: '2026-11-20' },
		});
		const first = await node.run(params);
		const second = await node.run(params);
		expect(jsonOf(first)[0]).toMatchObject({
			success: true,
			duplicate: false,
			payment_id: expect.any(Number),
		});
		expect(jsonOf(second)[0]).toMatchObject({
			success: true,
			duplicate: true,
			payment_id: jsonOf(first)[0].payment_id,
		});
		expect(
			node.sim().state.payments.filter((p) => p.transaction_id === 'EFT-2026-001'),
		).toHaveLength(1);
	});
});
