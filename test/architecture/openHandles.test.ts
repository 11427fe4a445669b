import { openNow, stillOpen } from '../harness/openHandles';
import { startSimulator } from '../simulator/app';

// Every test folder's run ends with this check (test/bundles/runFolder.js): a leak fails the run by name
// instead of keeping a jest worker alive until it is forced to exit.
test('a server a test leaves open is named, and nothing once it is closed', async () => {
	const before = openNow();
	const sim = await startSimulator();
	expect(await stillOpen(before)).toEqual(['1 TCPServerWrap']);
	await sim.close();
	expect(await stillOpen(before)).toEqual([]);
});
