import { bundleOf } from './records';
import { ETF_DATE } from '../simulator/state';
import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../simulator/app';
import type { Row } from './tables';

// What each write of the operation tables needs on the seeded platform to be carried out: the suites that hold
// every write to a property (n8n's settings, Dry Run) run each with these. A new write row must say.

export interface Need {
	/** The parameters, or made from the seeded platform (a contact, a bundle of a customer). */
	parameters: INodeParameters | ((sim: Simulator) => INodeParameters);
	prepare?: (sim: Simulator) => void;
	/** The operation the spec gives no way to carry out: refused before any request, every time. */
	refused?: true;
}

const product = { product: [{ pid: 1, quantity: 1 }] };

/** What each write needs on the seeded platform. A new write row must say, or the first test fails. */
export const WRITE_NEEDS: Record<string, Need> = {
	'account requestReset': { parameters: { username: 'sandbox.portal@telco-billing.example' } },
	'account confirmReset': {
		parameters: {
			token: 'a'.repeat(64),
			password: 'brand-new-pass',
			password_confirm: 'brand-new-pass',
		},
		prepare: (sim) =>
			sim.state.resetTokens.set('a'.repeat(64), {
				username: sim.state.portalUsers[0].username,
				expires: Date.now() + 3_600_000,
			}),
	},
	'demo reset': { parameters: { confirmReset: true } },
	'campaign create': {
		parameters: {
			subject: 'Outage notice',
			content: 'Hello',
			customerIds: '1001',
			guard: 'automatic',
		},
	},
	'campaign cancel': {
		parameters: { campaignId: '501' },
		prepare: (sim) => {
			const [customer] = sim.state.customers.filter((c) => c.deptid === 1 && c.email);
			sim.state.bulkEmail.create(1, 'Queued', 'Hello', [customer], null);
		},
	},
	'priceBook create': { parameters: { name: 'Property Book' } },
	'priceBook update': { parameters: { priceBookId: 1, name: 'Property Book' } },
	'callRate create': { parameters: { cardFields: { name: 'Property Card' } } },
	'callRate update': {
		parameters: { ctgid: 1, cardFields: { name: 'Property Card' } },
		refused: true,
	},
	'lead create': {
		parameters: { leadFields: { company: 'Property Leads', email: 'p@example.com' } },
	},
	'lead update': { parameters: { lid: '3001', updateFields: { notes: 'Called back' } } },
	'order create': { parameters: { cid: '1001', products: product } },
	'sale create': {
		parameters: {
			use: 'sale',
			cid: '1001',
			date: '2026-11-20',
			products: { product: [{ pid: 1, price: 10, quantity: 1 }] },
		},
	},
	'timeline upsert': {
		parameters: { module: 'customers', recordId: '1001', title: 'Call', description: 'Called' },
	},
	'customer create': {
		parameters: { customerFields: { company: 'Property Pty Ltd', email: 'p@x.example' } },
	},
	'customer upsert': {
		parameters: {
			matchOn: 'email',
			email: 'property.upsert@example.com',
			customerFields: { company: 'Property Upsert Pty Ltd', name: 'Pat', surname: 'Lee' },
		},
	},
	'customer update': { parameters: { cid: '1001', updateFields: { mobile: '0400123456' } } },
	'customer takePayment': { parameters: { cid: '1001', amount: 5, pay_with: 'card_on_file' } },
	'customer recordExternalPayment': {
		parameters: { cid: '1001', transaction_id: 'tx-settings', amount: 5 },
	},
	'customer addChargeItem': {
		parameters: { cid: '1001', chargeFields: { description: 'Property charge', amount: 5 } },
	},
	'customer updateChargeItem': {
		parameters: (sim) => ({
			itemId: String(sim.state.chargeItems.find((item) => item.deptid === 1)!.id),
			chargeUpdateFields: { description: 'Changed' },
		}),
		prepare: (sim) => {
			sim.state.chargeItems.push({
				...sim.state.chargeItems[0],
				id: 99001,
				deptid: 1,
				cid: 1001,
			});
		},
	},
	'customer setCreditManagement': { parameters: { cid: '1001', status: '1' } },
	'contact create': {
		parameters: { cid: '1001', contactFields: { first_name: 'Pat', last_name: 'Lee' } },
	},
	'contact update': {
		parameters: (sim) => ({
			...contactOf(sim),
			updateFields: { mobile: '0400123456' },
		}),
	},
	'contact delete': { parameters: contactOf },
	'service create': {
		parameters: {
			cid: '1001',
			servicetype: 1,
			service_num: '0399990001',
			start_date: '2026-11-20',
		},
	},
	'service update': {
		parameters: { serviceId: '20001', updateFields: { billing_name: 'Main line' } },
	},
	'service addMiscCharge': { parameters: { enid: '20001', pid: 1, charge_date: '2026-11-20' } },
	// On a date in 20001's contract, so a fee is charged (on today's it may owe none: ETF_DATE).
	'service applyEtf': { parameters: { serviceId: '20001', date: ETF_DATE } },
	'service applyEtfMany': { parameters: { serviceIds: '20001', date: ETF_DATE } },
	'bundle create': { parameters: { cid: '1001', name: 'Property Pack' } },
	'bundle update': {
		parameters: { cid: '1002', bundleId: 40009, name: 'Property Pack' },
		prepare: (sim) => sim.state.bundles.push(bundleOf(1002, 40009, 'Team Pack')),
	},
};

/** A seeded contact of the department, by its customer and its ID. */
export function contactOf(sim: Simulator): INodeParameters {
	const customers = new Set(sim.state.customers.filter((c) => c.deptid === 1).map((c) => c.cid));
	const contact = sim.state.contacts.find((one) => customers.has(one.cid))!;
	return { cid: String(contact.cid), contactId: String(contact.id) };
}

const LOCATORS = new Set(['cid', 'serviceId', 'enid']);

/** The row's parameters as n8n stores them (locators By ID), for the seeded platform. */
export function parametersFor({ resource, op }: Row, sim: Simulator): INodeParameters {
	const need = WRITE_NEEDS[`${resource} ${op.value}`];
	const given = typeof need.parameters === 'function' ? need.parameters(sim) : need.parameters;
	const out: INodeParameters = { resource, operation: op.value };
	for (const [name, value] of Object.entries(given))
		out[name] = LOCATORS.has(name) ? { __rl: true, mode: 'id', value: value as string } : value;
	return out;
}

/** What the row needs on the platform first (a charge item, a contact, a campaign to cancel). */
export function prepareFor({ resource, op }: Row, sim: Simulator): void {
	WRITE_NEEDS[`${resource} ${op.value}`].prepare?.(sim);
}
