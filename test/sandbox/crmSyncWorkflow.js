// The CRM-to-billing sync as a user builds it in n8n: read the CRM's contacts from PostgreSQL, Create or Update
// each as a billing customer (matched on the ID an earlier run wrote back, else on email; compared with the
// fingerprint of what it last synced, written back beside the ID), and write the outcome back to the contact's
// own row: the customer's ID and fingerprint on success, the error otherwise.
const CRM_CREDENTIAL = { id: 'crmPostgres', name: 'CRM (PostgreSQL)' };
const BILLING_CREDENTIAL = { id: 'telcoCrmSync', name: 'Telco Billing (CRM sync)' };

const READ = 'Read CRM Contacts';
const SYNC = 'Create or Update Customer';
const WRITE_ID = 'Write Back Billing ID';
const WRITE_ERROR = 'Write Back Sync Error';

// The Postgres node's version the supported lines share (2.41 has 2.7 too; 1.123 and 2.8 stop at 2.6).
const POSTGRES_VERSION = 2.6;

const schemaTable = {
	schema: { __rl: true, mode: 'name', value: 'crm' },
	table: { __rl: true, mode: 'name', value: 'contacts' },
};

/** One write-back: a parameterised UPDATE of the item's own row, found through n8n's item pairing. */
function writeBack(name, id, query, values, position) {
	return {
		parameters: {
			operation: 'executeQuery',
			query,
			options: { queryReplacement: `={{ [${values}, $('${READ}').item.json.id] }}` },
		},
		id,
		name,
		type: 'n8n-nodes-base.postgres',
		typeVersion: POSTGRES_VERSION,
		position,
		credentials: { postgres: CRM_CREDENTIAL },
	};
}

/**
 * The workflow, with the package's node type as n8n names it in this loading mode (`CUSTOM.` by default).
 * `stopOnError`: the Customer node left at n8n's default, stopping the workflow at an error (no error output).
 */
function crmSyncWorkflow({ typePrefix = 'CUSTOM.', stopOnError = false } = {}) {
	return {
		id: stopOnError ? 'telcoCrmSyncStops' : 'telcoCrmSyncE2e',
		name: `CRM to billing sync (PostgreSQL)${stopOnError ? ', stopping at an error' : ''}`,
		active: false,
		nodes: [
			{
				parameters: {},
				id: 'c1',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
			},
			{
				parameters: {
					operation: 'select',
					...schemaTable,
					returnAll: true,
					sort: { values: [{ column: 'id', direction: 'ASC' }] },
					options: {},
				},
				id: 'c2',
				name: READ,
				type: 'n8n-nodes-base.postgres',
				typeVersion: POSTGRES_VERSION,
				position: [220, 0],
				credentials: { postgres: CRM_CREDENTIAL },
			},
			{
				parameters: {
					resource: 'customer',
					operation: 'upsert',
					matchOn: 'email',
					email: '={{ $json.email }}',
					knownCid: '={{ $json.billing_cid }}',
					lastWritten: '={{ $json.billing_fingerprint }}',
					customerFields: {
						company: '={{ $json.company }}',
						name: '={{ $json.first_name }}',
						surname: '={{ $json.last_name }}',
						mobile: '={{ $json.mobile }}',
						phone: '={{ $json.phone }}',
						dob: '={{ $json.dob }}',
					},
				},
				id: 'c3',
				name: SYNC,
				type: `${typePrefix}telcoBillingCustomer`,
				typeVersion: 1,
				position: [440, 0],
				...(stopOnError ? {} : { onError: 'continueErrorOutput' }),
				credentials: { telcoBillingApi: BILLING_CREDENTIAL },
			},
			writeBack(
				WRITE_ID,
				'c4',
				'UPDATE crm.contacts SET billing_cid = $1, billing_fingerprint = $2, sync_error = NULL, synced_at = now() WHERE id = $3',
				'$json.cid ?? null, $json.fingerprint ?? null',
				[680, -100],
			),
			writeBack(
				WRITE_ERROR,
				'c5',
				'UPDATE crm.contacts SET sync_error = $1 WHERE id = $2',
				'$json.error',
				[680, 100],
			),
		],
		connections: {
			Start: { main: [[{ node: READ, type: 'main', index: 0 }]] },
			[READ]: { main: [[{ node: SYNC, type: 'main', index: 0 }]] },
			[SYNC]: {
				main: [
					[{ node: WRITE_ID, type: 'main', index: 0 }],
					[{ node: WRITE_ERROR, type: 'main', index: 0 }],
				],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The credentials `n8n import:credentials` takes: the CRM's database and the billing platform. */
function crmSyncCredentials({ postgresPort, billingUrl, apiKey }) {
	return [
		{
			...CRM_CREDENTIAL,
			type: 'postgres',
			data: {
				host: '127.0.0.1',
				port: postgresPort,
				database: 'crm',
				user: 'n8n',
				password: '',
				ssl: 'disable',
				allowUnauthorizedCerts: false,
				maxConnections: 10,
				sshTunnel: false,
			},
		},
		{ ...BILLING_CREDENTIAL, type: 'telcoBillingApi', data: { baseUrl: billingUrl, apiKey } },
	];
}

module.exports = {
	READ,
	SYNC,
	WRITE_ERROR,
	WRITE_ID,
	crmSyncCredentials,
	crmSyncWorkflow,
};
