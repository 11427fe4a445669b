import { useQualification } from '../kits/qualification';
import { jsonOf } from '../harness/nodeRunner';
const { run } = useQualification();

test('Check AVC: an AVC ending in the location’s last four digits matches', async () => {
	const [{ location_id: location }] = jsonOf(await run('qualify', { address: '7 Church Street' }));
	const matching = `AVC0000000${String(location).slice(-4)}`;
	expect(jsonOf(await run('avcCheck', { location_id: location, avcid: matching }))).toEqual([
		expect.objectContaining({ avc_match: true, avc_current_epid: 'EPID-TELCO-DEMO' }),
	]);
	expect(
		jsonOf(await run('avcCheck', { location_id: location, avcid: 'AVC999999999999' }))[0],
	).toMatchObject({ avc_match: false });
});
