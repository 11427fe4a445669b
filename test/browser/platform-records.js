// The platform records the browser check fills its node panels with: read from the simulator's seed through
// the platform API, as a user would find them, and, where the seed holds none of a kind (bundles, customer
// charge items, bulk email campaigns), created through the API for one customer first. Every ID a panel
// shows then exists, belongs to the customer the panel names, and is one its dropdown offers.

/** Calls the platform API with a key; throws with the platform's words when it refuses. */
function platformApi(baseUrl, apiKey) {
	return async (method, path, body) => {
		const response = await fetch(`${baseUrl}/${apiKey}${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const answer = await response.json();
		const refused = answer?.success === false || answer?.success === 'false';
		if (!response.ok || refused)
			throw new Error(`${method} ${path}: ${JSON.stringify(answer).slice(0, 300)}`);
		return answer;
	};
}

/** YYYY-MM-DD, days from today (UTC is near enough: the platform only needs it in range). */
function dayFromToday(days) {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The customer the panels use (the first with an active service of its own and a contact), that service,
 * contact, a lead, the first billed call of the seeded history, and a bundle, charge item and scheduled
 * campaign made for the customer.
 */
async function platformRecords(baseUrl, apiKey) {
	const api = platformApi(baseUrl, apiKey);
	const { records: customers } = await api('GET', '/customer/getAll');
	const { records: services } = await api('POST', '/services/search', [
		{ field: 'id', operator: '>', value: '0' },
	]);
	let customer;
	let service;
	let contact;
	for (const candidate of customers) {
		service = services.find(
			(s) =>
				String(s.cid) === String(candidate.cid) &&
				s.service_status === 'active' &&
				s.parent_id === null,
		);
		if (!service) continue;
		const { contacts } = await api('GET', `/customer/${candidate.cid}/contacts`);
		if (contacts.length === 0) continue;
		customer = candidate;
		contact = contacts[0];
		break;
	}
	if (!customer) throw new Error('the seed holds no customer with an active service and a contact');
	const lead = (await api('GET', '/leads/get/page/1')).results[0];
	// The seeded call history numbers its calls from 800000001 (test/simulator/history/calls.ts).
	const billedCall = (await api('GET', '/cdr/getPrice/800000001')).data;
	const bundle = {
		name: 'Office voice and data',
		id: (
			await api('POST', '/serviceBundles/post', {
				cid: Number(customer.cid),
				name: 'Office voice and data',
				monthly_cost: 20,
				included_usage_type: 2,
				included_value: 300,
			})
		).id,
	};
	const chargeItem = await api('POST', '/customer/item/add', {
		cid: Number(customer.cid),
		description: 'Router delivery',
		amount: 15,
		quantity: 1,
	});
	// Scheduled weeks ahead, so it is still there to look at (and to cancel) while the check runs.
	const campaign = await api('POST', '/customer/bulk-email', {
		subject: 'Planned network maintenance',
		content: 'Hello {first_name}, the network is being upgraded on Saturday night.',
		customer_ids: [Number(customer.cid)],
		scheduled_at: `${dayFromToday(30)} 09:00`,
	});
	const address = '12 High Street, Richmond VIC 3121';
	const [qualified] = await api('POST', `/services/qualify?address=${encodeURIComponent(address)}`);
	return {
		customer,
		service,
		contact,
		lead,
		billedCall,
		bundle,
		chargeItemId: chargeItem.id,
		campaignId: campaign.id,
		address,
		locationId: qualified.location_id,
	};
}

/**
 * Values for parameters a user must fill in, by name; `<resource>.<operation>.<name>` (or `<report>.<name>`)
 * where one operation needs another value than the rest. Dropdowns that load their options and the customer
 * and service pickers take what the editor itself loads (a value given here must be among it).
 */
function valuesFrom(records) {
	const { customer, service, contact, lead, billedCall, bundle, locationId } = records;
	const firstName = contact.first_name;
	return {
		email: `${firstName.toLowerCase()}@example.com`,
		dateFrom: '2026-10-01',
		dateTo: '2026-10-31',
		date: '2026-11-01',
		dateToOnly: '2026-11-01',
		start_date: '2026-11-01',
		charge_date: '2026-11-01',
		contactId: String(contact.id),
		itemId: String(records.chargeItemId),
		transaction_id: 'EFT-20261101-0001',
		amount: 49.95,
		'customer.search.value': customer.company,
		service_num: service.service_num,
		// A new mobile number for a new Mobile service (service type 2 in the seed).
		'service.create.servicetype': 2,
		'service.create.service_num': '0491570110',
		serviceIds: String(service.id),
		name: 'Business price book',
		'bundle.create.name': 'Office voice and data',
		'bundle.update.name': bundle.name,
		billedCallId: String(billedCall.id),
		campaignId: String(records.campaignId),
		subject: 'Planned network maintenance',
		content: 'Hello {first_name}, the network is being upgraded on Saturday night.',
		// Bulk Email's audience: a text field (Suburb, one of the seed's) and a choice (Account State), by OR.
		'campaign.filters': {
			rows: [
				{ field: 'suburb', join: 'AND', value: 'Richmond' },
				{ field: 'account_state', join: 'OR', option: 'Suspended' },
			],
		},
		lid: String(lead.lid),
		// The timeline's default module is Customers.
		recordId: String(customer.cid),
		title: 'Called about the NBN upgrade',
		description: `${firstName} asked for a quote on a faster plan.`,
		address: records.address,
		location_id: locationId,
		// The simulator's AVC check matches an AVC ID ending in the location's last four digits.
		avcid: `AVC00000000${locationId.slice(-4)}`,
		username: 'sandbox',
		token: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
		password: 'New-portal-pass-2026',
		password_confirm: 'New-portal-pass-2026',
		reportName: 'agedReceivables',
	};
}

/** What the customer and service pickers are given: the record's ID and the text to search it by. */
function locatorsFrom({ customer, service }) {
	return {
		searchCustomers: { id: String(customer.cid), filter: customer.company },
		searchServices: { id: String(service.id), filter: service.service_num },
	};
}

module.exports = { locatorsFrom, platformRecords, valuesFrom };
