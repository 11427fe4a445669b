import { useQualification } from '../kits/qualification';
import { jsonOf } from '../harness/nodeRunner';
const { node, run, query } = useQualification();

test('Qualify Address: items for the address; the same address always qualifies the same', async () => {
	const first = jsonOf(await run('qualify', { address: '12 High Street, Fitzroy VIC 3065' }));
	expect(first).toEqual([
		expect.objectContaining({
			location_id: expect.stringMatching(/^LOC\d{12}$/),
			address: '12 High Street, Fitzroy VIC 3065',
			technology: expect.any(String),
			serviceable: expect.any(Boolean),
		}),
	]);
	expect(query()).toEqual({ address: '12 High Street, Fitzroy VIC 3065' });
	expect(
		jsonOf(await run('qualify', { address: '12 high street,  fitzroy vic 3065' }))[0].location_id,
	).toBe(first[0].location_id);
});

test('Qualify Address with an AVC ID adds the AVC fields', async () => {
	const [item] = jsonOf(
		await run('qualify', {
			address: '1 Park Street',
			avcid: 'AVC000000000001',
			service_type: 'FTTP',
		}),
	);
	expect(item).toMatchObject({
		avc_match: expect.any(Boolean),
		avc_target: expect.stringMatching(/^PRI/),
		avc_current_epid: expect.any(String),
	});
	expect(query()).toEqual({
		address: '1 Park Street',
		avcid: 'AVC000000000001',
		service_type: 'FTTP',
	});
});

test('a blank address is refused before any request', async () => {
	const result = await run('qualify', { address: '={{ " " }}' });
	expect(result.error?.message).toBe('Address (address) is required');
	expect(node.sim().requests).toEqual([]);
});
