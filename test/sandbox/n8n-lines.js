// The n8n lines the package supports, and what installs each from the npm registry alone. The sandbox and
// the end-to-end suite run the newest by default; the oldest (and 2.8.4, the first 2.x) prove the range still holds.
// What differs between lines (the Node, how a workflow is activated) is said here, not in the tests.

/** The newest n8n that installs here: 2.41.3 pins 21 packages the registry lacks. */
const NEWEST = '2.41.1';
/**
 * The oldest n8n the package supports: the 1.123 line, which still gets security releases (the newest 1.123.x the
 * registry installs). 2.8.4, the first 2.x line tested and the last on Node 20, stays tested beside it.
 */
const OLDEST = '1.123.81';

const LINES = {
	'1.123.81': {
		// Its isolated-vm 6.2 does not build under Node 20 (and without it `n8n import:workflow` fails:
		// "IsolatePool failed to create any bridges"); under Node 24 one `n8n execute` in 83 died in the isolate.
		// Node 22 (the line's images use it), measured 2026-11-25: installed, natives rebuilt and verified in
		// 323 s (10 s of it Node), 1.5 GB plus 185 MB of Node; every end-to-end file passes.
		node: '22.23.3',
		package: {
			// @opentelemetry/core, date-fns, xlsx and langgraph-checkpoint 1.0.1: as for 2.8.4, for the same reasons.
			dependencies: { n8n: '1.123.81', '@opentelemetry/core': '^2.1.0', 'date-fns': '^2.30.0' },
			overrides: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.1' },
		},
		// Scripts off and the natives rebuilt, as for 2.41.1 (Kafka's install script cannot work offline).
		ignoreScripts: true,
		natives: [
			'sqlite3',
			'isolated-vm',
			'cpu-features',
			'ssh2',
			'@parcel/watcher',
			'msgpackr-extract',
		],
		verify: ['sqlite3', 'isolated-vm'],
		estimate: 'about 5½ minutes, 1.7 GB',
		env: {},
		// Task runners are off by default in 1.x (N8N_RUNNERS_ENABLED), and n8n opens no task broker without them.
		taskBroker: false,
		// No SSRF protection (N8N_SSRF_*): n8n 2.x added it after 2.8.
		ssrfProtection: false,
		// 1.x has no publishing: a workflow is activated, and runs its triggers at the next start.
		activate: (id) => ['update:workflow', `--id=${id}`, '--active=true'],
	},
	'2.41.1': {
		// n8n 2.36 and later need Node 24.
		node: '24.21.0',
		package: {
			// date-fns: a peer of ts-ics (Extract From File) that legacy peer resolution leaves out.
			dependencies: { n8n: '2.41.1', 'date-fns': '^2.30.0' },
			// linkedom 0.18.15 needs a package the registry lacks; xlsx's default points to a CDN out of reach.
			overrides: { linkedom: '0.18.14', xlsx: '0.18.5' },
		},
		// Install scripts off (Kafka's downloads binaries and cannot work offline), then build these natives.
		ignoreScripts: true,
		natives: [
			'sqlite3',
			'isolated-vm',
			'cpu-features',
			'ssh2',
			'@parcel/watcher',
			'msgpackr-extract',
		],
		// What must load for n8n to start and run a Code node.
		verify: ['sqlite3', 'isolated-vm'],
		estimate: 'about 9 minutes, 2.3 GB',
		// Its MCP server registry refreshes from n8n's cloud at start and logs a stack trace when offline.
		env: { N8N_DISABLED_MODULES: 'mcp-registry' },
		// `n8n start` and `n8n execute` open a task broker (N8N_RUNNERS_BROKER_PORT, 5679 by default) on 127.0.0.1.
		taskBroker: true,
		// SSRF protection behind N8N_SSRF_PROTECTION_ENABLED (off by default; its block list holds 127.0.0.0/8).
		ssrfProtection: true,
		// Its upgrade report knows n8n 3.0's breaking changes (GET /rest/breaking-changes/report?version=v3).
		v3Report: true,
		// 2.x publishes a workflow (its active version), and runs its triggers at the next start.
		activate: (id) => ['publish:workflow', `--id=${id}`],
	},
	'2.8.4': {
		node: '20.20.2',
		package: {
			// @opentelemetry/core: legacy peer deps would hoist an old one and the database start fails with
			// "Class extends value undefined".
			dependencies: { n8n: '2.8.4', '@opentelemetry/core': '^2.1.0', 'date-fns': '^2.30.0' },
			// langgraph-checkpoint 1.0.1: the newest that works with the @langchain/core n8n 2.8.4 pins.
			overrides: { xlsx: '0.18.5', '@langchain/langgraph-checkpoint': '1.0.1' },
		},
		ignoreScripts: false,
		natives: ['sqlite3'],
		verify: ['sqlite3'],
		estimate: 'about 4 minutes, 1.7 GB',
		env: {},
		taskBroker: true,
		ssrfProtection: false,
		activate: (id) => ['publish:workflow', `--id=${id}`],
	},
};

/** The line a version names; undefined for one the package does not know how to install. */
function lineOf(version) {
	return LINES[version];
}

module.exports = { LINES, NEWEST, OLDEST, lineOf };
