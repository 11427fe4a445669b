import { fillPath, pathParams } from '../../nodes/shared/input/path';
import { useCallRecord } from '../kits/callRecord';
import { events, useTrigger } from '../kits/trigger';
import { ROWS } from '../harness/tables';
import { ENDPOINTS, endpointOf } from './endpoints';

/*
 * Every endpoint the spec documents is reached by some operation of the package: the table rows by their
 * path, the Call Record node and the trigger (which make their requests in code) by running them. The list
 * is the spec source (test/spec/), so an operation dropped from a node fails here.
 */

const { node: callRecord, cdr } = useCallRecord();
const { trigger, node: triggerNode } = useTrigger();

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** The endpoints a row's path template reaches, with its optional segments given and left out. */
function tableEndpoints(): Set<string> {
	const reached = new Set<string>();
	for (const { op } of ROWS) {
		const params = pathParams(op.path);
		const all = Object.fromEntries(params.map(({ name }) => [name, 'x']));
		const required = Object.fromEntries(
			params.filter((p) => !p.optional).map(({ name }) => [name, 'x']),
		);
		for (const filled of [fillPath(op.path, all), fillPath(op.path, required)]) {
			// The portal login's credential adds the user and password to /get-key (apiKey.ts).
			const url = filled === '/get-key' ? '/get-key/user/password' : filled;
			const withKey = /^\/(get-key|password-reset)/.test(url) ? url : `/key${url}`;
			const endpoint = endpointOf(op.method, withKey.split('?')[0]);
			if (endpoint) reached.add(key(endpoint));
		}
	}
	return reached;
}

test('every documented endpoint is reached by an operation of the package', async () => {
	const reached = tableEndpoints();
	// The Call Record node's operations, run.
	const added = await callRecord.run(
		{ operation: 'addMany', dataMode: 'autoMap' },
		{ input: [cdr(), cdr()] },
	);
	const ids = added.items.map((item) => String(item.json.id));
	await callRecord.run({ operation: 'add', dataMode: 'autoMap' }, { input: [cdr()] });
	await callRecord.run({ operation: 'getPrice', billedCallId: ids[0] });
	await callRecord.run(
		{ operation: 'getPrices', billedCallId: '={{ $json.id }}' },
		{ input: [{ id: ids[0] }] },
	);
	await callRecord.run({ operation: 'getImportStatus' });
	await callRecord.run({ operation: 'getRatingStatus' });
	await callRecord.run({ operation: 'getExportSchedules' });
	await callRecord.run({ operation: 'getExportSchedules', includeInactive: true });
	// The trigger's polls.
	const poller = trigger({
		events: ['newCampaign', 'campaignStatusChanged', 'cdrsImported', 'cdrsRated'],
	});
	await events(poller);
	for (const request of [...callRecord.sim().requests, ...triggerNode.sim().requests]) {
		const endpoint = endpointOf(request.method, request.url.split('?')[0]);
		if (endpoint) reached.add(key(endpoint));
	}
	const unreached = ENDPOINTS.map(key).filter((endpoint) => !reached.has(endpoint));
	expect(unreached).toEqual([]);
});
