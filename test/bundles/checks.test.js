// Small folders in one jest file: n8n's modules loaded once for them all (runFolder.js says why).
require('./runFolder').runFolder(
	'architecture',
	'conformance',
	'demo',
	'docs',
	'evaluation',
	'harness',
	'package',
	'review',
	'simplify',
	'spec',
	'ssrf',
	'unreadable',
	'upgrade',
	'validation',
);
