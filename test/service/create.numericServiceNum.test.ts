import { rl, useService } from '../kits/service';
import { jsonOf } from '../harness/nodeRunner';
const { node, service, state } = useService();

// Issue 43, B: Service Number is text to the spec; a phone number mapped from a numeric column is sent as its
// text, and one that has more digits than a number carries is refused naming the field, never sent as a float.
describe('Service Create: a Service Number given as a number', () => {
	const params = service('create', {
		cid: rl('1001'),
		servicetype: 2,
		service_num: '={{ $json.number }}',
		start_date: '2026-11-01',
	});

	test('a whole number is sent as its text', async () => {
		const result = await node.run(params, { input: [{ number: 61499000111 }] });
		expect(result.error?.message).toBeUndefined();
		const [{ id }] = jsonOf(result);
		expect(state().services.find((s) => s.id === id)?.service_num).toBe('61499000111');
		const [sent] = node.sim().requests.filter((r) => r.url.includes('/services/add'));
		expect((sent.body as { service_num: unknown }).service_num).toBe('61499000111');
	});

	test('a number past what a float carries exactly is refused naming the field; nothing is sent', async () => {
		const result = await node.run(params, { input: [{ number: 2 ** 60 }] });
		expect(result.error?.message).toMatch(/^Service Number \(service_num\) /);
		expect(node.sim().requests.filter((r) => r.url.includes('/services/add'))).toEqual([]);
	});
});
