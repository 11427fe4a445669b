#!/usr/bin/env node
// npm run check:editor: the package as a user sees it in n8n's editor, in headless Chromium.
//
// Starts the sandbox pieces on free ports (the simulator, n8n from its cache with the built package, the
// sandbox credential and owner), builds one workflow holding every operation of every node with a valid
// configuration, opens each node's panel and fails on any parameter issue the editor shows. Screenshots
// of the nodes panel (the trigger's events), a Bulk Email filter row and each node panel go to
// TELCO_SCREENSHOTS (default .n8n-sandbox/editor-check/).
//
// Needs Chromium (Debian: apt-get install chromium; or CHROMIUM_PATH) and puppeteer-core, resolved from
// the project or from PUPPETEER_CORE_PATH (a folder where it is installed, e.g. /tmp/browser-tools).
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, rmSync, readdirSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { spawnSimulator } = require('../simulator/spawn.js');
const {
	ROOT,
	ensureN8n,
	n8nCli,
	n8nEnv,
	n8nSpawn,
	prepareImports,
	requestedVersion,
} = require('../sandbox/n8n.js');
const { freePort, sleep } = require('../sandbox/waiting.js');

const OWNER = {
	email: 'sandbox@telco-billing.example',
	firstName: 'Sandbox',
	lastName: 'Owner',
	password: 'Sandbox-2026',
};
const SHOTS = process.env.TELCO_SCREENSHOTS || join(ROOT, '.n8n-sandbox', 'editor-check');
const KEEP = process.env.TELCO_EDITOR_KEEP === '1';

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

async function waitFor(url, seconds = 180) {
	for (let i = 0; i < seconds * 2; i++) {
		if (
			await fetch(url).then(
				(r) => r.ok,
				() => false,
			)
		)
			return;
		await sleep(500);
	}
	throw new Error(`n8n did not answer at ${url} within ${seconds} s`);
}

// ---------------------------------------------------------------------------------------------------
// Every operation of every node, with a valid configuration.

/** Values for parameters a user must fill in, by name (where a plain default would not be valid). */
const VALUES = {
	cid: { __rl: true, mode: 'id', value: '1001' },
	email: 'sam@example.com',
	dateFrom: '2026-10-01',
	dateTo: '2026-10-31',
	date: '2026-11-01',
	dateToOnly: '2026-11-01',
	filters: {
		rows: [
			{ field: 'suburb', join: 'AND', value: 'Richmond' },
			{ field: 'account_state', join: 'OR', option: 'Suspended' },
		],
	},
};

function fillerFor(property) {
	if (property.name in VALUES) return VALUES[property.name];
	if (property.type === 'resourceLocator') return { __rl: true, mode: 'id', value: '1' };
	if (property.type === 'number') return 1;
	// Dynamic dropdowns hold platform IDs: the simulator's first records have ID 1.
	if (property.typeOptions?.loadOptionsMethod) return property.type === 'multiOptions' ? [1] : 1;
	if (property.type === 'options' && property.options?.length)
		return property.default !== '' ? property.default : property.options[0].value;
	if (property.type === 'dateTime' || /date/i.test(property.name)) return '2026-11-01';
	if (property.type === 'string') return '1';
	return undefined;
}

function nodeTypes() {
	const { n8n } = require(join(ROOT, 'package.json'));
	return n8n.nodes.map((file) => {
		const module = require(join(ROOT, file));
		const type = new (Object.values(module)[0])();
		return type.description;
	});
}

/** One node per operation (per report for the Report node), each with its required values given. */
function workflowNodes(credentialIds) {
	const { NodeHelpers } = require('n8n-workflow');
	const nodes = [];
	for (const description of nodeTypes()) {
		const resources = description.properties.find((p) => p.name === 'resource');
		const resourceValues =
			resources?.type === 'options' ? resources.options.map((o) => o.value) : [undefined];
		const variants = [];
		for (const resource of resourceValues) {
			const operations = description.properties.filter(
				(p) =>
					p.name === 'operation' &&
					p.type === 'options' &&
					(!resource || p.displayOptions?.show?.resource?.includes(resource)),
			);
			for (const operation of operations)
				for (const option of operation.options)
					variants.push({ ...(resource ? { resource } : {}), operation: option.value });
			if (operations.length === 0) variants.push(resource ? { resource } : {});
		}
		if (description.name === 'telcoBillingTrigger')
			variants.splice(0, variants.length, { events: ['campaignFinished', 'cdrsImported'] });
		for (const variant of variants) {
			const parameters = { ...variant };
			const node = { parameters, type: `CUSTOM.${description.name}`, typeVersion: 1 };
			// Fill in what is shown and required (twice: a filled value may show more fields).
			for (let pass = 0; pass < 2; pass++) {
				const values = NodeHelpers.getNodeParameters(
					description.properties,
					parameters,
					true,
					false,
					node,
					description,
				);
				for (const property of description.properties) {
					if (property.name in variant) continue;
					if (!NodeHelpers.displayParameter(values, property, node, description)) continue;
					const value = values[property.name];
					const empty =
						value === '' || value === undefined || (value?.__rl === true && value.value === '');
					if ((property.required && empty) || property.name in VALUES) {
						const value = fillerFor(property);
						if (value !== undefined) parameters[property.name] = value;
					}
				}
			}
			const label = Object.values(variant).flat().join(' ');
			nodes.push({
				id: `n${nodes.length}`,
				name: `${description.displayName.replace('Telco Billing ', '')}: ${label}`.slice(0, 60),
				type: node.type,
				typeVersion: 1,
				position: [(nodes.length % 8) * 260, Math.floor(nodes.length / 8) * 200],
				parameters,
				credentials: Object.fromEntries(
					(description.credentials ?? [])
						.filter((c) => credentialIds[c.name])
						.map((c) => [c.name, { id: credentialIds[c.name], name: c.name }]),
				),
			});
		}
	}
	return nodes;
}

// ---------------------------------------------------------------------------------------------------

async function startStack(children) {
	console.log('Building the package…');
	const build = spawnSync('npx', ['n8n-node', 'build'], {
		cwd: ROOT,
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	if (build.status !== 0) throw new Error('`n8n-node build` failed');
	const n8n = await ensureN8n({ version: requestedVersion() });
	const [simPort, smtpPort, n8nPort] = [await freePort(), await freePort(), await freePort()];
	const sim = await spawnSimulator(['--port', String(simPort), '--smtp-port', String(smtpPort)]);
	children.push(sim.child);
	const userFolder = mkdtempSync(join(tmpdir(), 'telco-editor-check-'));
	const env = n8nEnv(n8n, userFolder, {
		N8N_PORT: String(n8nPort),
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${n8nPort}`,
	});
	prepareImports(join(userFolder, 'imports'), {
		simulatorUrl: sim.url,
		apiKey: 'demo-key-0001',
		smtpPort: sim.smtpPort,
	});
	n8nCli(
		n8n,
		['import:credentials', `--input=${join(userFolder, 'imports', 'credentials.json')}`],
		env,
	);
	n8nCli(
		n8n,
		['import:workflow', '--separate', `--input=${join(userFolder, 'imports', 'workflows')}`],
		env,
	);
	console.log(`Starting n8n ${n8n.version}…`);
	const server = n8nSpawn(n8n, ['start'], env, ['ignore', 'ignore', 'inherit']);
	children.push(server);
	const editor = `http://127.0.0.1:${n8nPort}`;
	await waitFor(`${editor}/healthz`);
	await waitFor(`${editor}/rest/settings`);
	for (let attempt = 0; attempt < 60; attempt++) {
		const owner = await fetch(`${editor}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(OWNER),
		}).catch(() => undefined);
		if (owner?.ok || owner?.status === 400) break;
		await sleep(1000);
	}
	return { editor, userFolder };
}

async function login(page, editor) {
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

async function shot(page, name) {
	await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The nodes panel searched for the trigger, then its events. */
async function nodesPanel(page, editor, problems) {
	await page.goto(`${editor}/workflow/new`, { waitUntil: 'networkidle2' });
	await sleep(1500);
	// "Press N to browse nodes" (n8n 2.x; Tab before).
	await page.keyboard.press('n');
	const search = await page.waitForSelector(
		'[data-test-id="node-creator-search-bar"] input, input[placeholder^="Search"]',
		{ timeout: 15000 },
	);
	await search.type('Telco Billing');
	await sleep(1000);
	await shot(page, 'nodes-panel-search');
	const listed = await page.$$eval('[data-test-id="node-creator-item-name"]', (els) =>
		els.map((e) => e.textContent.trim()),
	);
	console.log(`  nodes panel lists: ${listed.join(' | ')}`);
	if (!listed.some((name) => name === 'Telco Billing Events'))
		problems.push(
			`nodes panel: the trigger is not listed as "Telco Billing Events" (${listed.join(', ')})`,
		);
	const items = await page.$$('[data-test-id="node-creator-item-name"]');
	for (const item of items) {
		if ((await item.evaluate((e) => e.textContent.trim())) === 'Telco Billing Events') {
			await item.click();
			break;
		}
	}
	await sleep(1000);
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

/** Opens each node's panel and collects the parameter issues it shows. */
async function nodePanels(page, editor, workflowId, names, problems) {
	await page.goto(`${editor}/workflow/${workflowId}`, { waitUntil: 'networkidle2' });
	await page.waitForSelector('[data-test-id="canvas-node"]', { timeout: 30000 });
	await sleep(1500);
	await shot(page, 'canvas-all-operations');
	for (const name of names) {
		const node = await page.$(
			`[data-test-id="canvas-node"][data-node-name="${name.replace(/"/g, '\\"')}"]`,
		);
		if (node) {
			await node.evaluate((n) => n.scrollIntoView());
			await node.click({ count: 2 });
		} else {
			problems.push(`${name}: not on the canvas`);
			continue;
		}
		await page.waitForSelector('[data-test-id="ndv"]', { timeout: 10000 }).catch(() => undefined);
		// Dropdowns load their options from the simulator before the editor judges their values.
		await sleep(1200);
		const issues = await page.$$eval(
			'[data-test-id="ndv"] [data-test-id="parameter-issues"]',
			(els) =>
				els.map((e) => {
					const field = e.closest(
						'[data-test-id^="parameter-input"], .parameter-item, [data-test-id="parameter-item"]',
					);
					const label = field?.querySelector('label, .n8n-input-label')?.textContent?.trim();
					return `${label ?? '?'}: ${(e.getAttribute('title') ?? e.textContent ?? '').trim()}`;
				}),
		);
		const hovered = issues.length ? await issueTexts(page) : [];
		for (const issue of hovered.length ? hovered : issues) problems.push(`${name}: ${issue}`);
		const file = name
			.replace(/[^A-Za-z0-9]+/g, '-')
			.replace(/-$/, '')
			.toLowerCase();
		await shot(page, `panel-${file}`);
		await page.keyboard.press('Escape');
		await sleep(300);
	}
}

/** The tooltip text of each issue icon in the open panel. */
async function issueTexts(page) {
	const texts = [];
	for (const icon of await page.$$('[data-test-id="ndv"] [data-test-id="parameter-issues"]')) {
		await icon.hover();
		await sleep(300);
		const tip = await page.$$eval('.el-popper, [role="tooltip"]', (els) =>
			els
				.map((e) => e.innerText?.trim() ?? '')
				.filter((t) => t.startsWith('Issues'))
				.map((t) => t.replace(/^Issues:\s*/, '').replace(/\s+/g, ' '))
				.pop(),
		);
		texts.push(tip ?? '(an issue icon without text)');
		await page.mouse.move(0, 0);
	}
	return texts;
}

async function main() {
	const started = Date.now();
	mkdirSync(SHOTS, { recursive: true });
	for (const f of readdirSync(SHOTS)) if (f.endsWith('.png')) rmSync(join(SHOTS, f));
	const children = [];
	const stop = () => {
		for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
	};
	process.on('SIGINT', () => {
		stop();
		process.exit(130);
	});
	let browser;
	let userFolder;
	const problems = [];
	try {
		const stack = await startStack(children);
		userFolder = stack.userFolder;
		browser = await puppeteer().launch({
			executablePath: chromiumPath(),
			headless: true,
			args: ['--no-sandbox', '--disable-dev-shm-usage', '--window-size=1600,1000'],
			defaultViewport: { width: 1600, height: 1000 },
		});
		const page = await browser.newPage();
		await login(page, stack.editor);
		const credentials = await rest(page, 'GET', '/credentials');
		const credentialIds = Object.fromEntries(credentials.map((c) => [c.type, c.id]));
		const nodes = workflowNodes(credentialIds);
		const project = (await rest(page, 'GET', '/projects/personal')).id;
		const workflow = await rest(page, 'POST', '/workflows', {
			name: 'Editor check: every operation',
			nodes,
			connections: {},
			settings: { executionOrder: 'v1' },
			active: false,
			projectId: project,
		});
		console.log(`Checking ${nodes.length} node panels…`);
		await nodesPanel(page, stack.editor, problems).catch(async (error) => {
			await shot(page, 'nodes-panel-failed');
			problems.push(`nodes panel: ${error.message}`);
		});
		const only = process.env.TELCO_EDITOR_ONLY;
		const names = nodes.map((n) => n.name).filter((n) => !only || n.includes(only));
		await nodePanels(page, stack.editor, workflow.id, names, problems);
	} finally {
		if (browser && !KEEP) await browser.close();
		if (!KEEP) {
			stop();
			if (userFolder) rmSync(userFolder, { recursive: true, force: true });
		}
	}
	console.log(`\nScreenshots: ${SHOTS} (${Math.round((Date.now() - started) / 1000)} s)`);
	if (problems.length) {
		console.error(
			`\n${problems.length} problem(s) shown in the editor:\n  ${problems.join('\n  ')}`,
		);
		process.exitCode = 1;
	} else console.log('No parameter issues shown in any panel.');
}

main().catch((error) => {
	console.error(`editor check failed: ${error.stack ?? error}`);
	process.exit(1);
});
