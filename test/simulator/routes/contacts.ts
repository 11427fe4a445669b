import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deptOf, fail } from '../respond';
import { bodyOf } from '../requestSchemas';
import type { Contact, State } from '../state';

type Req = FastifyRequest<{
	Params: { cid: string; contactId: string };
	Body: Record<string, unknown>;
}>;

const contactCreate = bodyOf('POST /{api_key}/customer/{cid}/contacts');
const contactUpdate = bodyOf('POST /{api_key}/customer/{cid}/contact/{contact_id}');

// Every contact endpoint words every failure the same way (spec: Customer contacts).
const NOT_FOUND = fail('no customer found');

/** A contact as the platform shows it: id as a string, no customer id; the list also carries web_password. */
function shown(contact: Contact, withPassword = false) {
	const record: Record<string, unknown> = { ...contact, id: String(contact.id) };
	delete record.cid;
	if (!withPassword) delete record.web_password;
	return record;
}

export function registerContactRoutes(app: FastifyInstance, state: State): void {
	const find = (request: Req) => {
		const customer = state.findCustomer(deptOf(request), request.params.cid);
		if (!customer) return {};
		const contact = request.params.contactId
			? state.contacts.find(
					(c) => c.cid === customer.cid && String(c.id) === request.params.contactId,
				)
			: undefined;
		return { customer, contact };
	};

	app.get('/customer/:cid/contacts', async (request: Req) => {
		const { customer } = find(request);
		if (!customer) return NOT_FOUND;
		return {
			success: true,
			contacts: state.contacts.filter((c) => c.cid === customer.cid).map((c) => shown(c, true)),
		};
	});

	app.post('/customer/:cid/contacts', async (request: Req) => {
		const { customer } = find(request);
		if (!customer) return NOT_FOUND;
		const parsed = contactCreate.safeParse(request.body ?? {});
		if (!parsed.success) return NOT_FOUND;
		const contact: Contact = {
			id: state.nextId('contact', 5001),
			cid: customer.cid,
			first_name: parsed.data.first_name ?? '',
			middle_name: '',
			gender: null,
			last_name: parsed.data.last_name ?? '',
			dob: '',
			email: parsed.data.email ?? '',
			web_password: '',
			phone: parsed.data.phone ?? '',
			mobile: parsed.data.mobile ?? '',
		};
		state.contacts.push(contact);
		return { success: true, contact: shown(contact) };
	});

	app.get('/customer/:cid/contact/:contactId', async (request: Req) => {
		const { contact } = find(request);
		if (!contact) return NOT_FOUND;
		return { success: true, contact: shown(contact) };
	});

	app.post('/customer/:cid/contact/:contactId', async (request: Req) => {
		const { contact } = find(request);
		if (!contact) return NOT_FOUND;
		const parsed = contactUpdate.safeParse(request.body ?? {});
		if (!parsed.success) return NOT_FOUND;
		Object.assign(
			contact,
			Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
		);
		return { success: true, contact: shown(contact) };
	});

	app.get('/customer/:cid/contact/:contactId/delete', async (request: Req) => {
		const { contact } = find(request);
		if (!contact) return NOT_FOUND;
		state.contacts.splice(state.contacts.indexOf(contact), 1);
		return { success: true };
	});
}
