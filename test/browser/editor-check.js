#!/usr/bin/env node
// npm run check:editor: the package as a user sees it in n8n's editor, in headless Chromium.
//
// Starts the sandbox pieces on free ports (the simulator, n8n from its cache with the built package, the
// sandbox credential and owner), builds one workflow holding every operation of every node with a valid
// configuration (operations-workflow.js, with the seeded platform's records from platform-records.js),
// opens each node's panel and fails on any parameter issue the editor shows, a dropdown or picker that does
// not load, and a Resource, Operation or Report choice the panel does not show. Then the AI agent example and an
// MCP client of the MCP example answer in the editor's chat (ai-answers.js), from the simulator. Screenshots of
// the nodes panel (the trigger's events), a Bulk Email filter row, each node panel and the two answers go to
// TELCO_SCREENSHOTS (default .n8n-sandbox/editor-check/). TELCO_EDITOR_PACKAGE=<folder> checks the package
// in another checkout (an older commit, for before/after screenshots) instead of this one.
// TELCO_EDITOR_BUILT=1 uses the package's dist/ as it is (CI builds once, before its parallel lanes).
//
// Needs Chromium (Debian: apt-get install chromium; or CHROMIUM_PATH) and puppeteer-core, resolved from
// the project or from PUPPETEER_CORE_PATH (a folder where it is installed, e.g. /tmp/browser-tools).
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, rmSync, readdirSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { spawnSimulator } = require('../simulator/spawn.js');
const {
	activateWorkflow,
	ensureN8n,
	importInto,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
	ROOT,
} = require('../sandbox/n8n.js');
const { freePort, sleep, waitUntil } = require('../sandbox/waiting.js');
const { SCENARIOS } = require('../sandbox/agentScenarios.js');
const { startFakeChatModel } = require('../sandbox/fakeChatModel.js');
const { aiAnswers, prepareAiWorkflows } = require('./ai-answers.js');
const { nodeTypes, workflowNodes } = require('./operations-workflow.js');
const { locatorsFrom, platformRecords, valuesFrom } = require('./platform-records.js');
const { uxNodes, uxPanels } = require('./ux-panels.js');

const OWNER = {
	email: 'sandbox@telco-billing.example',
	firstName: 'Sandbox',
	lastName: 'Owner',
	password: 'Sandbox-2026',
};
const SHOTS = process.env.TELCO_SCREENSHOTS || join(ROOT, '.n8n-sandbox', 'editor-check');
const KEEP = process.env.TELCO_EDITOR_KEEP === '1';
const PACKAGE = resolve(process.env.TELCO_EDITOR_PACKAGE || ROOT);
const DEMO_KEY = 'demo-key-0001';

function puppeteer() {
	const from = process.env.PUPPETEER_CORE_PATH;
	try {
		return require(from ? require.resolve('puppeteer-core', { paths: [from] }) : 'puppeteer-core');
	} catch {
		throw new Error(
			'puppeteer-core not found: npm install it, or set PUPPETEER_CORE_PATH to a folder where it is installed',
		);
	}
}

function chromiumPath() {
	const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
		(p) => p && existsSync(p),
	);
	if (!found) throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM_PATH');
	return found;
}

async function answers(url) {
	return await fetch(url).then(
		(r) => r.ok,
		() => false,
	);
}

async function startStack(children, folders, closing) {
	// CI builds once before its parallel lanes: a build here would empty dist/ under the other lanes' n8n.
	if (process.env.TELCO_EDITOR_BUILT !== '1') {
		console.log(`Building the package${PACKAGE === ROOT ? '' : ` in ${PACKAGE}`}…`);
		const build = spawnSync('npx', ['n8n-node', 'build'], {
			cwd: PACKAGE,
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		if (build.status !== 0) throw new Error('`n8n-node build` failed');
	}
	const n8n = await ensureN8n({ version: requestedVersion() });
	const [simPort, smtpPort, n8nPort] = [await freePort(), await freePort(), await freePort()];
	const sim = await spawnSimulator(['--port', String(simPort), '--smtp-port', String(smtpPort)]);
	children.push(sim.child);
	const model = await startFakeChatModel(SCENARIOS);
	closing.push(model.close);
	const userFolder = mkdtempSync(join(tmpdir(), 'telco-editor-check-'));
	folders.push(userFolder);
	const env = n8nEnv(n8n, userFolder, {
		N8N_PORT: String(n8nPort),
		// Its default, 5679, is taken by any other n8n running here (a sandbox, CI's other lanes), and this one
		// would then never answer.
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${n8nPort}`,
		N8N_CUSTOM_EXTENSIONS: join(PACKAGE, 'dist'),
	});
	const imports = join(userFolder, 'imports');
	prepareImports(imports, {
		simulatorUrl: sim.url,
		apiKey: DEMO_KEY,
		smtpPort: sim.smtpPort,
		modelUrl: model.url,
	});
	const editor = `http://127.0.0.1:${n8nPort}`;
	const aiFolder = join(imports, 'ai');
	mkdirSync(aiFolder);
	const aiWorkflows = prepareAiWorkflows(join(imports, 'workflows'), aiFolder, editor);
	importInto(n8n, env, join(imports, 'credentials.json'), aiFolder);
	// Its MCP Server Trigger answers only once published (activated on 1.x), from n8n's start.
	activateWorkflow(n8n, aiWorkflows.serverId, env);
	console.log(`Starting n8n ${n8n.version}…`);
	const server = n8nSpawn(n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
	children.push(server);
	await waitUntil('n8n', () => answers(`${editor}/healthz`), 180);
	await waitUntil("n8n's REST API", () => answers(`${editor}/rest/settings`), 180);
	await waitUntil(
		'the owner account',
		async () => {
			const owner = await fetch(`${editor}/rest/owner/setup`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(OWNER),
			}).catch(() => undefined);
			return owner?.ok || owner?.status === 400;
		},
		60,
		1000,
	);
	return { editor, simulatorUrl: sim.url, aiWorkflows };
}

async function login(page, editor) {
	// The sign-in page can still be navigating when the login is sent (seen once in CI under load: the page's
	// fetch failed with "Failed to fetch"); a failed sign-in is tried again on a freshly loaded page.
	for (let attempt = 1; ; attempt++) {
		try {
			return await signIn(page, editor);
		} catch (error) {
			if (attempt === 3 || !/Failed to fetch|Execution context was destroyed/.test(String(error)))
				throw error;
			await new Promise((resolve) => setTimeout(resolve, 2000));
		}
	}
}

async function signIn(page, editor) {
	await page.goto(`${editor}/signin`, { waitUntil: 'networkidle2' });
	await page.evaluate(async (owner) => {
		const response = await fetch('/rest/login', {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				emailOrLdapLoginId: owner.email,
				email: owner.email,
				password: owner.password,
			}),
		});
		if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
	}, OWNER);
}

async function rest(page, method, path, body) {
	return await page.evaluate(
		async (method, path, body) => {
			const response = await fetch(`/rest${path}`, {
				method,
				headers: {
					'content-type': 'application/json',
					'browser-id': localStorage.getItem('n8n-browserId') ?? '',
				},
				body: body ? JSON.stringify(body) : undefined,
			});
			const text = await response.text();
			if (!response.ok)
				throw new Error(`${method} ${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
			return JSON.parse(text).data;
		},
		method,
		path,
		body,
	);
}

/** What a dropdown offers and a picker lists, asked of n8n as the editor asks it. */
function editorLists(page) {
	const request = ({ type, credentials }, name, parameters) => ({
		path: `parameters.${name}`,
		nodeTypeAndVersion: { name: type, version: 1 },
		currentNodeParameters: parameters,
		credentials,
	});
	return {
		options: async (ask, name, methodName, parameters) =>
			await rest(page, 'POST', '/dynamic-node-parameters/options', {
				...request(ask, name, parameters),
				methodName,
			}),
		search: async (ask, name, methodName, filter, parameters) =>
			await rest(page, 'POST', '/dynamic-node-parameters/resource-locator-results', {
				...request(ask, name, parameters),
				methodName,
				filter,
			}),
	};
}

async function shot(page, name, clip) {
	await page.screenshot({ path: join(SHOTS, `${name}.png`), ...(clip ? { clip } : {}) });
}

/** Loaded: no request in flight for a moment (dropdowns ask n8n, which asks the simulator). */
async function settled(page) {
	await page.waitForNetworkIdle({ idleTime: 300, timeout: 8000 }).catch(() => undefined);
	// Away from any field, so no hover controls show in the screenshot.
	await page.mouse.move(1, 1);
	await sleep(200);
}

/** The nodes panel searched for the package, then the trigger's events. */
async function nodesPanel(page, editor, triggerName, problems) {
	await page.goto(`${editor}/workflow/new`, { waitUntil: 'networkidle2' });
	await sleep(1500);
	// "Press N to browse nodes" (n8n 2.x; Tab before).
	await page.keyboard.press('n');
	const search = await page.waitForSelector(
		'[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]',
		{ timeout: 15000 },
	);
	await search.type('Telco');
	await settled(page);
	await shot(page, 'nodes-panel-search');
	const listed = await page.$$eval('[data-test-id="node-creator-item-name"]', (els) =>
		els.map((e) => e.textContent.trim()),
	);
	console.log(`  nodes panel lists: ${listed.join(' | ')}`);
	// One name: the node type's and the new node's are "Telco Billing Trigger"; the nodes panel lists a trigger
	// with events under its app's name, without " Trigger" (as "Gmail Trigger" is listed as "Gmail").
	if (triggerName !== 'Telco Billing Trigger')
		problems.push(
			`nodes panel: the trigger is named "${triggerName}", not "Telco Billing Trigger"`,
		);
	const trigger = triggerName.replace(/ Trigger$/, '');
	// n8n ranks a search by the full name, shortest first: the trigger must be in the panel's visible top.
	const rank = listed.indexOf(trigger);
	if (rank < 0 || rank > 5)
		problems.push(
			`nodes panel: searching "Telco" lists the trigger at place ${rank + 1} (${listed.join(', ')})`,
		);
	const items = await page.$$('[data-test-id="node-creator-item-name"]');
	let clicked = false;
	for (const item of items) {
		if ((await item.evaluate((e) => e.textContent.trim())) === trigger) {
			await item.click();
			clicked = true;
			break;
		}
	}
	if (!clicked) problems.push(`nodes panel: "${trigger}" is not listed (${listed.join(', ')})`);
	await settled(page);
	await shot(page, 'nodes-panel-trigger-events');
	const events = await page.$$eval(
		'[data-test-id="node-creator-action-item"], [data-test-id="node-creator-item-name"]',
		(els) => els.map((e) => e.textContent.trim()),
	);
	console.log(`  trigger events: ${events.join(' | ')}`);
	if (!events.some((e) => e.includes('On CDRs imported')))
		problems.push(`nodes panel: trigger events read ${events.join(', ')}`);
	await page.keyboard.press('Escape');
}

async function openPanel(page, name) {
	const node = await page.$(
		`[data-test-id="canvas-node"][data-node-name="${name.replace(/"/g, '\\"')}"]`,
	);
	if (!node) return false;
	await node.evaluate((n) => n.scrollIntoView());
	await node.click({ count: 2 });
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 10000 }).catch(() => undefined);
	await settled(page);
	return true;
}

async function closePanel(page) {
	await page.keyboard.press('Escape');
	await page
		.waitForSelector('[data-test-id="ndv"]', { hidden: true, timeout: 5000 })
		.catch(() => undefined);
}

const fileName = (name) =>
	name
		.replace(/[^A-Za-z0-9]+/g, '-')
		.replace(/^-|-$/g, '')
		.toLowerCase();

/** Opens each node's panel and collects the parameter issues it shows, and choices it does not show. */
async function nodePanels(page, names, choices, problems) {
	await shot(page, 'canvas-all-operations');
	for (const name of names) {
		if (!(await openPanel(page, name))) {
			problems.push(`${name}: not on the canvas`);
			continue;
		}
		for (const issue of await shownIssues(page)) problems.push(`${name}: ${issue}`);
		for (const choice of choices.get(name) ?? []) {
			const input = `[data-test-id="ndv"] [data-parameter-path="parameters.${choice}"]`;
			if (!(await page.$(input))) problems.push(`${name}: the panel does not show "${choice}"`);
		}
		await shot(page, `panel-${fileName(name)}`);
		await closePanel(page);
	}
}

/** Each issue icon in the open panel, as "<parameter path>: <its tooltip>". */
async function shownIssues(page) {
	const texts = [];
	for (const icon of await page.$$('[data-test-id="ndv"] [data-test-id="parameter-issues"]')) {
		const path = await icon.evaluate((e) => {
			for (let el = e.parentElement; el; el = el.parentElement) {
				const input = el.querySelector('[data-parameter-path]');
				if (input) return input.getAttribute('data-parameter-path').replace(/^parameters\./, '');
			}
			return '?';
		});
		await icon.hover();
		// The tooltip opens in a layer of its own, headed "Issues:".
		const tip = await page
			.waitForFunction(
				() => {
					const tips = [...document.querySelectorAll('body *')]
						.map((e) => e.innerText?.trim() ?? '')
						.filter((text) => text.startsWith('Issues:'))
						.sort((a, b) => b.length - a.length);
					return tips[0] ?? false;
				},
				{ timeout: 3000 },
			)
			.then((handle) => handle.jsonValue())
			.catch(() => undefined);
		texts.push(
			`${path}: ${tip?.replace(/^Issues:[\s-]*/, '').replace(/\s+/g, ' ') ?? '(no tooltip)'}`,
		);
		await page.mouse.move(1, 1);
	}
	return texts;
}

/**
 * The Bulk Email Preview panel scrolled to its filter rows (a text field row, then a choice row), with the
 * tooltip of the first issue in them open, if there is one.
 */
async function filterRowView(page, name, problems) {
	if (!(await openPanel(page, name))) {
		problems.push(`${name}: not on the canvas`);
		return;
	}
	const box = await page.evaluate(() => {
		const panel = document.querySelector('[data-test-id="ndv"]');
		const heading = [...(panel?.querySelectorAll('label, div, span') ?? [])].find(
			(e) => e.children.length === 0 && e.textContent.trim() === 'Filters',
		);
		heading?.scrollIntoView({ block: 'start' });
		const rect = panel?.getBoundingClientRect();
		return heading && rect
			? { x: rect.x, y: rect.y, width: rect.width, height: rect.height }
			: null;
	});
	if (!box) problems.push(`${name}: no Filters heading in the panel`);
	await settled(page);
	for (const icon of await page.$$('[data-test-id="ndv"] [data-test-id="parameter-issues"]')) {
		const inFilters = await icon.evaluate(
			(e) => !!e.parentElement?.querySelector('[data-parameter-path^="parameters.filters"]'),
		);
		if (!inFilters) continue;
		await icon.hover();
		await sleep(800);
		break;
	}
	await shot(page, 'bulk-email-filter-row', box ?? undefined);
	await page.mouse.move(1, 1);
	await closePanel(page);
}

async function main() {
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	mkdirSync(SHOTS, { recursive: true });
	for (const f of readdirSync(SHOTS)) if (f.endsWith('.png')) rmSync(join(SHOTS, f));
	const children = [];
	const closing = [];
	const stop = () => {
		for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
		for (const close of closing) void close();
	};
	process.on('SIGINT', () => {
		stop();
		process.exit(130);
	});
	let browser;
	// Made when n8n is set up, removed even if it never started.
	const folders = [];
	let opened = 0;
	const problems = [];
	try {
		const stack = await startStack(children, folders, closing);
		console.log(`n8n ready after ${seconds()} s`);
		browser = await puppeteer().launch({
			executablePath: chromiumPath(),
			headless: true,
			args: ['--no-sandbox', '--disable-dev-shm-usage', '--window-size=1600,1000'],
			defaultViewport: { width: 1600, height: 1000 },
		});
		const page = await browser.newPage();
		await login(page, stack.editor);
		const credentials = await rest(page, 'GET', '/credentials');
		const records = await platformRecords(stack.simulatorUrl, DEMO_KEY);
		const { nodes, choices } = await workflowNodes({
			root: PACKAGE,
			credentialIds: Object.fromEntries(credentials.map((c) => [c.type, c.id])),
			values: valuesFrom(records),
			locators: locatorsFrom(records),
			lists: editorLists(page),
			problems,
		});
		nodes.push(...uxNodes(nodes));
		console.log(`${nodes.length} nodes filled in after ${seconds()} s`);
		const project = (await rest(page, 'GET', '/projects/personal')).id;
		const workflow = await rest(page, 'POST', '/workflows', {
			name: 'Editor check: every operation',
			nodes,
			connections: {},
			settings: { executionOrder: 'v1' },
			active: false,
			projectId: project,
		});
		const trigger = nodes.find((n) => /trigger/i.test(n.type));
		const triggerName = nodeTypes(PACKAGE).find(
			(d) => `CUSTOM.${d.name}` === trigger?.type,
		)?.displayName;
		await nodesPanel(page, stack.editor, triggerName ?? '?', problems).catch(async (error) => {
			await shot(page, 'nodes-panel-failed');
			problems.push(`nodes panel: ${error.message}`);
		});
		const only = process.env.TELCO_EDITOR_ONLY;
		const names = nodes
			.map((n) => n.name)
			.filter((n) => !n.startsWith('UX: ') && (!only || n.includes(only)));
		console.log(`Checking ${names.length} node panels (from ${seconds()} s)…`);
		await page.goto(`${stack.editor}/workflow/${workflow.id}`, { waitUntil: 'networkidle2' });
		await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
		await sleep(1500);
		const preview = nodes.find((n) => /^Bulk Email: .*Preview$/.test(n.name));
		if (preview && (!only || preview.name.includes(only)))
			await filterRowView(page, preview.name, problems);
		await nodePanels(page, names, choices, problems);
		opened = names.length;
		await uxPanels(page, { openPanel, closePanel, shownIssues, shot }, problems);
		console.log(`Asking the AI agent and the MCP client in the chat (from ${seconds()} s)…`);
		await aiAnswers(
			page,
			{ ...stack, apiKey: DEMO_KEY, ids: stack.aiWorkflows, rest, shot },
			problems,
		);
	} finally {
		if (browser && !KEEP) await browser.close();
		if (!KEEP) {
			stop();
			for (const folder of folders) rmSync(folder, { recursive: true, force: true });
		}
	}
	const found = [...new Set(problems)];
	const shots = readdirSync(SHOTS).filter((f) => f.endsWith('.png')).length;
	console.log(`\n${opened} panels opened; ${shots} screenshots in ${SHOTS}; ${seconds()} s in all`);
	if (found.length) {
		console.error(`\n${found.length} problem(s) shown in the editor:\n  ${found.join('\n  ')}`);
		process.exitCode = 1;
	} else console.log('No parameter issues shown in any panel.');
}

main().catch((error) => {
	console.error(`editor check failed: ${error.stack ?? error}`);
	process.exit(1);
});
