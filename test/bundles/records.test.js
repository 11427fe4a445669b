// Small folders in one jest file: n8n's modules loaded once for them all (runFolder.js says why).
require('./runFolder').runFolder(
	'account',
	'bundle',
	'callRate',
	'callType',
	'contact',
	'lead',
	'order',
	'priceBook',
	'product',
	'qualification',
	'sale',
	'service',
	'serviceType',
	'timeline',
);
