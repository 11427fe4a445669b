import { useQualification } from '../kits/qualification';
import { jsonOf } from '../harness/nodeRunner';
const { run } = useQualification();

test('Qualify Address (NDF)', async () => {
	expect(jsonOf(await run('qualifyNdf', { address: '3 Station Street' }))).toEqual([
		expect.objectContaining({ source: 'NDF', address: '3 Station Street' }),
	]);
});
