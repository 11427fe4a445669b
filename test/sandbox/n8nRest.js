// n8n's REST API as the scripts that run n8n use it: the owner account, a login and the executions.
const { join } = require('node:path');
const { waitUntil } = require('./waiting.js');

/**
 * A client for the n8n at `url`, installed in `n8n.dir` (its `flatted` reads the stored executions);
 * `browserId` names the script in n8n's session checks.
 */
function n8nRest(url, n8n, browserId) {
	let cookie;
	let flatted;

	async function rest(method, path, body) {
		const response = await fetch(`${url}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				'browser-id': browserId,
				...(cookie ? { cookie } : {}),
			},
			body: body ? JSON.stringify(body) : undefined,
		});
		const text = await response.text();
		if (!response.ok || text.startsWith('n8n is starting up'))
			throw new Error(`n8n ${method} ${path}: HTTP ${response.status} ${text.slice(0, 500)}`);
		return { json: text ? JSON.parse(text) : undefined, response };
	}

	/**
	 * Sets the owner up (retried while n8n finishes starting), as the first visit to the editor would. While
	 * it starts, n8n 2.41 answers every path with HTTP 200 "n8n is starting up. Please wait", then 404 while
	 * it registers its routes (seen for seconds with the durable scheduler on): only a JSON answer counts.
	 */
	async function setUpOwner(owner) {
		await waitUntil(
			'the owner account',
			async () => {
				const response = await fetch(`${url}/rest/owner/setup`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(owner),
				});
				return response.ok && /json/.test(response.headers.get('content-type') ?? '');
			},
			60,
			1000,
		);
	}

	/**
	 * Signs in as the owner. Retried while n8n answers 404: seen once on n8n 2.41 right after the owner
	 * setup had succeeded ("Cannot POST /rest/login"), while n8n was still registering its routes. And while it
	 * answers 401 for a few seconds: seen once in CI on n8n 2.41 restarted on a folder whose owner exists ("Wrong
	 * username or password" for the right ones). A password that stays wrong still fails, after the 30 s.
	 */
	async function login(owner) {
		let response;
		await waitUntil(
			'the login',
			async () => {
				try {
					({ response } = await rest('POST', '/rest/login', {
						emailOrLdapLoginId: owner.email,
						password: owner.password,
					}));
					return true;
				} catch (error) {
					if (/: HTTP (404|401) |n8n is starting up/.test(error.message)) return false;
					throw error;
				}
			},
			30,
			1000,
		);
		cookie = response.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
	}

	/** One page (at most 100, the largest n8n serves) of a workflow's executions, newest first. */
	async function executionsOf(workflowId) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const { json } = await rest('GET', `/rest/executions?filter=${filter}&limit=100`);
		return json.data.results;
	}

	/** An execution's run data, parsed from the flatted form n8n stores it in. */
	async function runDataOf(id) {
		const { json: detail } = await rest('GET', `/rest/executions/${id}`);
		if (typeof detail.data.data !== 'string') return detail.data.data;
		flatted ??= require(
			require.resolve('flatted', { paths: [n8n.dir, join(n8n.dir, 'node_modules', 'n8n')] }),
		);
		return flatted.parse(detail.data.data);
	}

	/** n8n's answer to a credential's Test button, sent as the editor sends it (stored data, maybe edited). */
	async function testCredential(id, edit = {}) {
		const { json: stored } = await rest('GET', `/rest/credentials/${id}?includeData=true`);
		const credential = stored.data ?? stored;
		const { json } = await rest('POST', '/rest/credentials/test', {
			credentials: {
				id: credential.id,
				name: credential.name,
				type: credential.type,
				// The secrets come back redacted; n8n puts the stored values back before testing.
				data: { ...credential.data, ...edit },
			},
		});
		return json.data ?? json;
	}

	return { rest, setUpOwner, login, executionsOf, runDataOf, testCredential };
}

/** Execution statuses after which nothing changes. */
const FINISHED_EXECUTION = ['success', 'error', 'crashed', 'canceled'];

module.exports = { n8nRest, FINISHED_EXECUTION };
