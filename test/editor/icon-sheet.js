#!/usr/bin/env node
// node test/editor/icon-sheet.js [out.png]: renders every node's icon, light on n8n's light canvas and dark on
// its dark canvas, at the canvas size and enlarged, into one contact sheet (docs/screenshots/icons.png), so a
// change to an icon is looked at before it ships. Needs Chromium and puppeteer-core, as the browser check.
const { existsSync, readFileSync, readdirSync, mkdirSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');

const ROOT = resolve(__dirname, '../..');
const OUT = resolve(process.argv[2] || join(ROOT, 'docs/screenshots/icons.png'));

/** Each node folder's icon, as its node file names it. */
function nodeIcons() {
	const nodes = join(ROOT, 'nodes');
	return readdirSync(nodes)
		.filter((dir) => existsSync(join(nodes, dir, `${dir}.node.ts`)))
		.map((dir) => {
			const source = readFileSync(join(nodes, dir, `${dir}.node.ts`), 'utf8');
			const light = /light: 'file:\.\.\/\.\.\/icons\/([^']+)'/.exec(source)?.[1];
			const dark = /dark: 'file:\.\.\/\.\.\/icons\/([^']+)'/.exec(source)?.[1];
			const name = /displayName: '([^']+)'/.exec(source)?.[1] ?? dir;
			return { name, light, dark };
		});
}

function dataUrl(file) {
	return `data:image/svg+xml;base64,${readFileSync(join(ROOT, 'icons', file)).toString('base64')}`;
}

function page(icons) {
	const cell = (icon, which) =>
		`<figure><img src="${dataUrl(icon[which])}" width="96"><img src="${dataUrl(icon[which])}" width="40">` +
		`<figcaption>${icon.name.replace('Telco Billing ', '')}</figcaption></figure>`;
	const row = (which, title) =>
		`<section class="${which}"><h2>${title}</h2>${icons.map((icon) => cell(icon, which)).join('')}</section>`;
	return `<!DOCTYPE html><html><head><style>
		body { margin: 0; font: 13px system-ui, sans-serif; }
		section { display: flex; flex-wrap: wrap; gap: 12px; padding: 16px; }
		h2 { width: 100%; margin: 0; font-size: 14px; }
		.light { background: #f5f5f5; color: #333; } .dark { background: #1f1f1f; color: #ddd; }
		figure { margin: 0; width: 150px; display: flex; flex-wrap: wrap; align-items: end; gap: 8px; }
		figcaption { width: 100%; }
	</style></head><body>${row('light', 'Light theme')}${row('dark', 'Dark theme')}</body></html>`;
}

async function main() {
	const puppeteer = require(
		process.env.PUPPETEER_CORE_PATH
			? require.resolve('puppeteer-core', { paths: [process.env.PUPPETEER_CORE_PATH] })
			: 'puppeteer-core',
	);
	const executablePath = [
		process.env.CHROMIUM_PATH,
		'/usr/bin/chromium',
		'/usr/bin/chromium-browser',
	].find((p) => p && existsSync(p));
	const browser = await puppeteer.launch({ executablePath, args: ['--no-sandbox'] });
	try {
		const tab = await browser.newPage();
		await tab.setViewport({ width: 840, height: 10, deviceScaleFactor: 1 });
		await tab.setContent(page(nodeIcons()), { waitUntil: 'load' });
		mkdirSync(dirname(OUT), { recursive: true });
		await tab.screenshot({ path: OUT, fullPage: true });
		console.log(`Icons: ${OUT}`);
	} finally {
		await browser.close();
	}
}

main().catch((error) => {
	console.error(error.message);
	process.exitCode = 1;
});
