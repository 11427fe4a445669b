// The CRM-to-billing sync as users import it: examples/customer-sync.json, the one source of the workflow the CRM
// end-to-end test runs (test/e2e/crmSync.e2e.test.js). Read the CRM's contacts from PostgreSQL, Create or Update
// each as a billing customer (matched on the ID an earlier run wrote back, else on email; compared with the
// fingerprint of what it last synced, written back beside the ID), and write the outcome back to the contact's own
// row: the customer's ID and fingerprint on success, the error otherwise. The test changes nothing in it but the
// node type's prefix (as n8n names the package in its loading mode); it imports its credentials under the ids the
// example names, as a user choosing theirs in the example's nodes does, and creates the table the example's note
// gives.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const FILE = join(__dirname, '..', '..', 'examples', 'customer-sync.json');
const PACKAGE_PREFIX = 'n8n-nodes-telco-billing.';

const READ = 'Read CRM Contacts';
const SYNC = 'Create or Update Customer';
const WRITE_ID = 'Write Back Billing ID';
const WRITE_ERROR = 'Write Back Sync Error';
const RUN_NOW = 'Run Now';

/** The example as shipped (the file's text, parsed afresh: callers may change their copy). */
const shipped = () => JSON.parse(readFileSync(FILE, 'utf8'));

const nodeOf = (workflow, name) => {
	const node = workflow.nodes.find((n) => n.name === name);
	if (!node) throw new Error(`examples/customer-sync.json has no node "${name}"`);
	return node;
};

/** The CRM table the example reads and writes back to, as its Read CRM Contacts node names it. */
const TABLE = nodeOf(shipped(), READ).parameters.table.value;

/**
 * The SQL the example's note gives to create the CRM's table: the note's ```sql block, run as it is by the test
 * (so the note cannot say one table and CI test another).
 */
function crmTableSql() {
	const note = shipped().nodes.find((n) => n.type === 'n8n-nodes-base.stickyNote');
	const sql = /```sql\n([\s\S]*?)```/.exec(String(note?.parameters.content))?.[1];
	if (!sql) throw new Error('the note of examples/customer-sync.json gives no ```sql block');
	return sql;
}

/**
 * The example with the package's node type as n8n names it in this loading mode (`CUSTOM.` by default).
 * `stopOnError`: a copy (its own id and name) with the Customer node at n8n's default, stopping the workflow at an
 * error instead of taking its error output.
 */
function crmSyncExample({ typePrefix = 'CUSTOM.', stopOnError = false } = {}) {
	const workflow = JSON.parse(readFileSync(FILE, 'utf8').split(PACKAGE_PREFIX).join(typePrefix));
	if (!stopOnError) return workflow;
	delete nodeOf(workflow, SYNC).onError;
	return {
		...workflow,
		id: `${workflow.id}Stops`,
		name: `${workflow.name}, stopping at an error`,
	};
}

/**
 * The credentials `n8n import:credentials` takes, under the ids and names the example's nodes name: the CRM's
 * database and the billing platform.
 */
function crmSyncCredentials({ postgresPort, database, billingUrl, apiKey }) {
	const workflow = shipped();
	const crm = nodeOf(workflow, READ).credentials.postgres;
	const billing = nodeOf(workflow, SYNC).credentials.telcoBillingApi;
	return [
		{
			...crm,
			type: 'postgres',
			data: {
				host: '127.0.0.1',
				port: postgresPort,
				database,
				user: 'n8n',
				password: '',
				ssl: 'disable',
				allowUnauthorizedCerts: false,
				maxConnections: 10,
				sshTunnel: false,
			},
		},
		{ ...billing, type: 'telcoBillingApi', data: { baseUrl: billingUrl, apiKey } },
	];
}

module.exports = {
	READ,
	RUN_NOW,
	SYNC,
	TABLE,
	WRITE_ERROR,
	WRITE_ID,
	crmSyncCredentials,
	crmSyncExample,
	crmTableSql,
};
