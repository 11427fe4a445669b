import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { useNode } from '../harness/nodeRunner';
// Dropdowns and resource-locator lists, called through n8n-core's LoadOptionsContext against the simulator.
const node = useNode(new TelcoBillingService(), { pageSize: 2 });

test('customer list search by company, name or email, without duplicates (search records with cid)', async () => {
	// A platform that adds cid to search records (the spec's record has none) lets inactive customers,
	// absent from getAll, be picked too.
	node.sim().state.extras.add('searchCid');
	const target = node.sim().state.customers[4];
	const found = (await node.options('listSearch.searchCustomers', {}, target.surname)) as {
		results: Array<{ name: string; value: string }>;
	};
	const expected = node
		.sim()
		.state.customers.filter(
			(c) =>
				c.deptid === 1 &&
				[c.company, c.name, c.surname, c.email].some((v) =>
					v.toLowerCase().includes(target.surname.toLowerCase()),
				),
		);
	expect(found.results.map((r) => r.value).sort()).toEqual(
		expected.map((c) => String(c.cid)).sort(),
	);
	expect(found.results.find((r) => r.value === String(target.cid))?.name).toContain(target.company);
});

test('customer list search against search records without cid (the strict default): ids come from getAll', async () => {
	const customers = node.sim().state.customers.filter((c) => c.deptid === 1 && c.active);
	const target = customers[4];
	const bySurname = (await node.options('listSearch.searchCustomers', {}, target.surname)) as {
		results: Array<{ name: string; value: string }>;
	};
	const expected = customers.filter((c) =>
		[c.company, c.name, c.surname, c.email].some((v) =>
			v.toLowerCase().includes(target.surname.toLowerCase()),
		),
	);
	expect(bySurname.results.map((r) => r.value).sort()).toEqual(
		expected.map((c) => String(c.cid)).sort(),
	);
	expect(bySurname.results.find((r) => r.value === String(target.cid))?.name).toContain(
		target.email,
	);
	const byCompany = (await node.options('listSearch.searchCustomers', {}, target.company)) as {
		results: Array<{ value: string }>;
	};
	expect(byCompany.results.map((r) => r.value)).toContain(String(target.cid));
});

test('customer list search without a filter lists customers', async () => {
	const found = (await node.options('listSearch.searchCustomers')) as { results: unknown[] };
	expect(found.results.length).toBe(
		node.sim().state.customers.filter((c) => c.deptid === 1 && c.active).length,
	);
});

test('service list search by number', async () => {
	const target = node.sim().state.services[3];
	const found = (await node.options('listSearch.searchServices', {}, target.service_num)) as {
		results: Array<{ value: string }>;
	};
	expect(found.results.map((r) => r.value)).toEqual([String(target.id)]);
});
