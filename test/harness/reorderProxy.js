// A pass-through in front of the simulator that answers one kind of request with its JSON array in reverse
// order (or as `rearrange` makes it): a platform that keeps every per-record result (each names its record:
// `yourid`, `enid`) but not the request's order, which the spec never promises. Everything else (statuses,
// Retry-After, answers that are not JSON, a connection the simulator drops) passes as it came.
const { rewritingProxy } = require('./rewriteProxy.js');

/** The platform's per-record result answers. */
function perRecordResults(method, url) {
	return method === 'POST' && (url.includes('/cdr/multiple/add') || url.includes('/doMultipleETF'));
}

async function reorderingProxy(
	target,
	reorders = perRecordResults,
	rearrange = (results) => [...results].reverse(),
) {
	return await rewritingProxy(target, reorders, (parsed) =>
		Array.isArray(parsed) ? rearrange(parsed) : parsed,
	);
}

module.exports = { perRecordResults, reorderingProxy };
