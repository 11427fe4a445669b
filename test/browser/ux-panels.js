// n8n's UX guidelines as the editor shows them: the Simplify toggle on a node added now (version 1.1) and
// the Output choice (Simplified / Raw / Selected Fields) on the same operation used as an AI tool, both
// filled from the sandbox's records (the Service Get node the check already filled in).

const SIMPLIFY_NODE = 'UX: Service Get (Simplify)';
const TOOL_NODE = 'UX: Service Get Tool (Output)';

/** The two nodes to add to the workflow, copied from the filled-in Service Get node. */
function uxNodes(nodes) {
	const get = nodes.find(
		(n) =>
			n.type.endsWith('.telcoBillingService') &&
			n.parameters.resource === 'service' &&
			n.parameters.operation === 'get',
	);
	if (!get) return [];
	const at = (i) => [get.position[0] + 260 * i, get.position[1] + 2000];
	return [
		{ ...get, id: 'ux-simplify', name: SIMPLIFY_NODE, typeVersion: 1.1, position: at(0) },
		{
			...get,
			id: 'ux-tool',
			name: TOOL_NODE,
			type: `${get.type}Tool`,
			typeVersion: 1.1,
			position: at(1),
			parameters: {
				...get.parameters,
				toolOutput: 'selected',
				selectedFields: ['service_num', 'monthlyfee', 'service_status'],
			},
		},
	];
}

/** Opens each, checks the parameter is shown (and the other is not), and takes its screenshot. */
async function uxPanels(page, { openPanel, closePanel, shownIssues, shot }, problems) {
	const views = [
		{ name: SIMPLIFY_NODE, shows: ['simple'], hides: ['toolOutput'], file: 'ux-simplify-toggle' },
		{
			name: TOOL_NODE,
			shows: ['toolOutput', 'selectedFields'],
			hides: ['simple'],
			file: 'ux-tool-output',
		},
	];
	for (const view of views) {
		if (!(await openPanel(page, view.name))) {
			problems.push(`${view.name}: not on the canvas`);
			continue;
		}
		for (const issue of await shownIssues(page)) problems.push(`${view.name}: ${issue}`);
		const shown = async (p) =>
			!!(await page.$(`[data-test-id="ndv"] [data-parameter-path="parameters.${p}"]`));
		for (const p of view.shows)
			if (!(await shown(p))) problems.push(`${view.name}: the panel does not show "${p}"`);
		for (const p of view.hides)
			if (await shown(p)) problems.push(`${view.name}: the panel shows "${p}"`);
		await page.evaluate((path) => {
			document
				.querySelector(`[data-test-id="ndv"] [data-parameter-path="parameters.${path}"]`)
				?.scrollIntoView({ block: 'center' });
		}, view.shows[0]);
		await shot(page, view.file);
		await closePanel(page);
	}
}

module.exports = { uxNodes, uxPanels };
