import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deptOf, fail } from '../respond';
import type { State } from '../state';

type Req = FastifyRequest<{ Params: Record<string, string>; Body: Record<string, unknown> }>;

const GENERIC_REQUEST = {
	success: true,
	message: 'If the account exists, a password reset email has been sent.',
};
const INVALID_TOKEN = {
	success: false,
	error: 'The password reset link is invalid or has expired.',
};
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The unauthenticated account endpoints, and resetdb. Tokens and passwords are never echoed. */
export function registerAccountRoutes(app: FastifyInstance, state: State): void {
	app.get('/get-key/:username/:password', async (request: Req) => {
		const { username, password } = request.params;
		const user = state.portalUsers.find((u) => u.username === username && u.active);
		if (!user || user.password !== password)
			return { success: false, description: 'invalid username or password' };
		const key = [...state.keys.values()].find(
			(k) =>
				!k.disabled &&
				k.data.department === user.department &&
				k.data[`alloweduser${username}`] === 'yes',
		);
		if (!key) return { success: false, description: 'user is not allowed on any key' };
		return { success: true, key: key.key };
	});

	app.post('/password-reset/request', async (request: Req) => {
		const name = String(request.body?.username ?? '')
			.trim()
			.toLowerCase();
		const user = state.portalUsers.find(
			(u) => u.active && (u.username.toLowerCase() === name || u.email.toLowerCase() === name),
		);
		if (user) {
			const token = randomBytes(32).toString('hex');
			state.resetTokens.set(token, {
				username: user.username,
				expires: Date.now() + TOKEN_LIFETIME_MS,
			});
			state.mailbox.push({
				from: 'no-reply@billing.example',
				to: [user.email],
				subject: 'Reset your password',
				message: `Your reset token: ${token}`,
				at: new Date().toISOString(),
			});
		}
		return GENERIC_REQUEST;
	});

	app.post('/password-reset/confirm', async (request: Req) => {
		const { token, password, password_confirm: confirm } = request.body ?? {};
		if (typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token)) return INVALID_TOKEN;
		if (typeof password !== 'string' || password.length < 8 || password !== confirm)
			return INVALID_TOKEN;
		const entry = state.resetTokens.get(token);
		state.resetTokens.delete(token);
		if (!entry || entry.expires < Date.now()) return INVALID_TOKEN;
		const user = state.portalUsers.find((u) => u.username === entry.username);
		if (!user) return INVALID_TOKEN;
		user.password = password;
		return { success: true, message: 'Your password has been reset.' };
	});
}

export function registerResetRoute(app: FastifyInstance, state: State): void {
	app.get('/resetdb', async (request: Req) => {
		const deptid = deptOf(request);
		if (!state.departments.get(deptid)?.resetEnabled) return fail('Not Available');
		const cids = new Set(state.customers.filter((c) => c.deptid === deptid).map((c) => c.cid));
		state.customers = state.customers.filter((c) => c.deptid !== deptid);
		// IDs start again after the customers kept (other departments'): a cleared customer's ID, a new customer.
		if (state.traits.resetIds === 'restarted')
			state.restartIds('customer', Math.max(1000, ...state.customers.map((c) => c.cid)));
		state.contacts = state.contacts.filter((c) => !cids.has(c.cid));
		state.chargeItems = state.chargeItems.filter((i) => i.deptid !== deptid);
		const enids = new Set(state.services.filter((s) => s.deptid === deptid).map((s) => s.id));
		state.services = state.services.filter((s) => s.deptid !== deptid);
		state.serviceCharges = state.serviceCharges.filter((c) => !enids.has(c.enid));
		state.bundles = state.bundles.filter((b) => b.deptid !== deptid);
		state.invoices = state.invoices.filter((i) => i.deptid !== deptid);
		state.credits = state.credits.filter((c) => c.deptid !== deptid);
		state.billRuns = state.billRuns.filter((r) => r.deptid !== deptid);
		state.orders = state.orders.filter((o) => o.deptid !== deptid);
		state.timeline = state.timeline.filter((e) => e.deptid !== deptid);
		return { success: true, description: 'Demo Database Reset' };
	});
}
