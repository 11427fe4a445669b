import { readRepoFile } from '../harness/repoFiles';
import { packed } from './pack';

/*
 * The published tarball holds what n8n loads and nothing else: the compiled nodes and credentials, their
 * codex files (.node.json), the icons, README, LICENSE and package.json. Not the screenshots n8n's build
 * copies into dist/ (it copies every PNG and SVG of the checkout), its TypeScript build info, declarations,
 * source maps or tests. Needs the build (CI runs this suite after it): without dist/ it says so and skips.
 */

const tarball = packed();
const built = tarball ? test : test.skip;
if (!tarball)
	test.skip('the tarball: not built (no dist/nodes); run `npx n8n-node build` to check it', () => {});

const SHIPPED = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE$/,
	/^dist\/nodes\/.+\.js$/,
	/^dist\/nodes\/[^/]+\/[^/]+\.node\.json$/,
	/^dist\/credentials\/[^/]+\.credentials\.js$/,
	/^dist\/icons\/[^/]+\.svg$/,
];

built('the tarball holds only what n8n loads', () => {
	const others = tarball!.files.filter((file) => !SHIPPED.some((shape) => shape.test(file)));
	expect(others).toEqual([]);
});

built(
	'every file n8n loads is in it: the listed nodes and credentials, what they require, their icons and codex',
	() => {
		const files = new Set(tarball!.files);
		const pkg = JSON.parse(readRepoFile('package.json')) as {
			n8n: { nodes: string[]; credentials: string[] };
		};
		const listed = [...pkg.n8n.nodes, ...pkg.n8n.credentials];
		const codex = pkg.n8n.nodes.map((node) => node.replace(/\.js$/, '.json'));
		const missing = [...listed, ...codex, 'README.md', 'LICENSE'].filter(
			(file) => !files.has(file),
		);
		const icons = new Set<string>();
		// What each shipped module requires by a relative path, and the icons it names.
		for (const file of [...files].filter((f) => f.endsWith('.js'))) {
			const text = readRepoFile(file);
			const dir = file.split('/').slice(0, -1);
			const resolve = (relative: string) => {
				const parts = [...dir];
				for (const part of relative.split('/'))
					if (part === '..') parts.pop();
					else if (part !== '.') parts.push(part);
				return parts.join('/');
			};
			for (const [, target] of text.matchAll(/require\("(\.{1,2}\/[^"]+)"\)/g)) {
				const path = resolve(target);
				if (![path, `${path}.js`, `${path}.json`].some((f) => files.has(f)))
					missing.push(`${path} (required by ${file})`);
			}
			for (const match of text.matchAll(/'file:([^']+\.svg)'|"file:([^"]+\.svg)"/g)) {
				const icon = resolve(match[1] ?? match[2]);
				icons.add(icon);
				if (!files.has(icon)) missing.push(`${icon} (icon of ${file})`);
			}
		}
		expect(missing).toEqual([]);
		// A light and a dark icon for each node.
		expect(icons.size).toBeGreaterThanOrEqual(2 * pkg.n8n.nodes.length);
	},
);
