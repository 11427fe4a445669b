import { crossFolderImports, findCircle, looseFiles } from './imports';

// nodes/shared's folders from the bottom up (DEVELOPMENT.md, "Where a change goes"): a folder imports only
// from folders below it. The last two stand side by side: neither imports the other.
const LAYERS = [
	['errors'],
	['input'],
	['platform'],
	['transport'],
	['operation'],
	['output'],
	['tableNode', 'methods'],
];
const levelOf = (folder: string) => LAYERS.findIndex((layer) => layer.includes(folder));

describe('the code’s shape', () => {
	it('has no import circle anywhere in nodes/ or credentials/', () => {
		expect(findCircle(['nodes', 'credentials'])).toBeUndefined();
	});

	it('keeps nodes/shared in folders by concern, each importing only from the layers below it', () => {
		expect(looseFiles('nodes/shared')).toEqual([]);
		const imports = crossFolderImports('nodes/shared');
		expect(imports.length).toBeGreaterThan(10);
		const unknown = imports.filter(({ from, to }) => levelOf(from) < 0 || levelOf(to) < 0);
		expect(unknown).toEqual([]);
		const upward = imports
			.filter(({ from, to }) => levelOf(to) >= levelOf(from))
			.map(({ from, to, file, target }) => `${from}/${file} → ${to}/${target}`);
		expect(upward).toEqual([]);
	});
});
