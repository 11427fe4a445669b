import { fillPath, pathParams } from '../../nodes/shared/input/path';
import { useCallRecord } from '../kits/callRecord';
import { events, useTrigger } from '../kits/trigger';
import { emitted, useReportTrigger } from '../kits/reportTrigger';
import { NODE_TYPES, ROWS } from '../harness/tables';
import { readRepoFile, repoFiles } from '../harness/repoFiles';
import { SPEC, nameOf } from '../spec/index';
import { REPORT_OPTIONS } from '../spec/report';
import { ENDPOINTS, endpointOf } from './endpoints';
import type { PathForm } from './endpoints';

/*
 * Every endpoint the spec documents is reached by some operation of the package: the table rows by their
 * path, the Call Record node and the trigger (which make their requests in code) by running them. The list
 * is the spec source (test/spec/), so an operation dropped from a node fails here, and so does an endpoint
 * added to the spec source before a row reaches it. The counts the docs print are these, not typed by hand.
 */

const { node: callRecord, cdr } = useCallRecord();
const { trigger, node: triggerNode } = useTrigger();
const { trigger: reportTrigger, node: reportTriggerNode } = useReportTrigger();

const formKey = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const shortName = (displayName: string) => displayName.replace(/^Telco Billing /, '');

/** The path forms a row's path template reaches, with its optional segments given and left out. */
function rowForms(op: { method: string; path: string }): PathForm[] {
	const params = pathParams(op.path);
	const all = Object.fromEntries(params.map(({ name }) => [name, 'x']));
	const required = Object.fromEntries(
		params.filter((p) => !p.optional).map(({ name }) => [name, 'x']),
	);
	return [fillPath(op.path, all), fillPath(op.path, required)].flatMap((filled) => {
		// The portal login's credential adds the user and password to /get-key (apiKey.ts).
		const url = filled === '/get-key' ? '/get-key/user/password' : filled;
		const withKey = /^\/(get-key|password-reset)/.test(url) ? url : `/key${url}`;
		const form = endpointOf(op.method, withKey.split('?')[0]);
		return form ? [form] : [];
	});
}

/** Each node (by its name without "Telco Billing") and the path forms its operations reach. */
async function reachedByNode(): Promise<Map<string, PathForm[]>> {
	const reached = new Map<string, PathForm[]>();
	const add = (node: string, forms: PathForm[]) =>
		reached.set(node, [...(reached.get(node) ?? []), ...forms]);
	for (const { node, op } of ROWS)
		add(shortName(NODE_TYPES[node].description.displayName), rowForms(op));
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
	const formsOf = (requests: Array<{ method: string; url: string }>) =>
		requests.flatMap((r) => endpointOf(r.method, r.url.split('?')[0]) ?? []);
	add('Call Record', formsOf(callRecord.sim().requests));
	add('Trigger', formsOf(triggerNode.sim().requests));
	// The Report Trigger's poll.
	await emitted(reportTrigger({ event: 'accountOverdue' }));
	add('Report Trigger', formsOf(reportTriggerNode.sim().requests));
	return reached;
}

test('every documented endpoint is reached by an operation of the package', async () => {
	const reached = new Set([...(await reachedByNode()).values()].flat().map(formKey));
	const unreached = ENDPOINTS.map(formKey).filter((endpoint) => !reached.has(endpoint));
	expect(unreached).toEqual([]);
});

test('every operation row’s path is an endpoint of the spec source', () => {
	const strays = ROWS.filter(({ op }) => rowForms(op).length === 0).map(
		({ node, resource, op }) => `${node} ${resource} ${op.value}: ${op.method} ${op.path}`,
	);
	expect(strays).toEqual([]);
});

/** README, the changelog and every docs page, their line breaks made spaces (a count may wrap). */
const DOCS = ['README.md', 'CHANGELOG.md', 'DEVELOPMENT.md', ...repoFiles('docs', ['.md'])].map(
	(file) => ({
		file,
		text: readRepoFile(file).replace(/\s+/g, ' '),
	}),
);

const counted = (pattern: RegExp) =>
	DOCS.flatMap(({ file, text }) => [...text.matchAll(pattern)].map((m) => ({ file, text: m[0] })));

test('every count of endpoints and reports the docs print is the spec source’s', () => {
	const endpoints = counted(
		/\b(\d+) (?:of (\d+) )?(?:documented )?endpoints\b|\b(\d+) of (\d+) reached/g,
	);
	const reports = counted(/\b(\d+) (?:documented )?reports\b/g);
	expect(endpoints.length).toBeGreaterThan(0);
	expect(reports.length).toBeGreaterThan(0);
	const number = (text: string) => text.match(/\d+/g)!.map(Number);
	const reportCount = Object.keys(REPORT_OPTIONS).length;
	// Every wrong count at once, with its file: a new endpoint changes several pages.
	const wrong = [
		...endpoints.filter((found) => number(found.text).some((n) => n !== SPEC.length)),
		...reports.filter((found) => number(found.text).some((n) => n !== reportCount)),
	].map(({ file, text }) => `${file}: "${text}"`);
	expect({ endpoints: SPEC.length, reports: reportCount, wrong }).toEqual({
		endpoints: SPEC.length,
		reports: reportCount,
		wrong: [],
	});
});

test('the endpoints each node reaches, as docs/operations.md counts them', async () => {
	const text = DOCS.find((d) => d.file === 'docs/operations.md')!.text;
	const sentence = text.match(/from (\d+) nodes: (.*?), and the Trigger/);
	expect(sentence).not.toBeNull();
	const printed = Object.fromEntries(
		[...sentence![2].matchAll(/([A-Z][\w ]*?) \((\d+)\)/g)].map((m) => [m[1], Number(m[2])]),
	);
	const reached = await reachedByNode();
	reached.delete('Trigger');
	const entries = (forms: PathForm[]) => new Set(forms.map((f) => nameOf(f.entry))).size;
	expect(printed).toEqual(
		Object.fromEntries([...reached].map(([node, forms]) => [node, entries(forms)])),
	);
	// With the Trigger named after them: every node the package ships.
	const shipped = (JSON.parse(readRepoFile('package.json')) as { n8n: { nodes: string[] } }).n8n;
	expect(Number(sentence![1])).toBe(shipped.nodes.length);
	expect(Number(sentence![1])).toBe(reached.size + 1);
});
