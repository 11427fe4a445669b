import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

describe('Customer: reads', () => {
	test('Search returns one item per matching customer of the department, numbers as numbers', async () => {
		const result = await node.run(customer('search', { field: 'company', value: 'plumbing' }));
		const records = jsonOf(result);
		const expected = node
			.sim()
			.state.customers.filter((c) => c.deptid === 1 && /plumbing/i.test(c.company));
		// The spec's search record carries no cid: customers are told apart by what it does carry.
		expect(records.map((r) => r.email)).toEqual(expected.map((c) => c.email));
		expect(records[0]).toMatchObject({ ctgid: 1, credit_management: expect.any(Number) });
		expect(records.every((r) => r.web_password === undefined)).toBe(true);
	});
	test('Search with "If Nothing Matches: found false" gives one paired placeholder per unmatched item', async () => {
		const result = await node.run(
			customer('search', {
				field: 'email',
				value: '={{ $json.email }}',
				ifNothingMatches: 'notFound',
			}),
			{
				input: [
					{ email: 'nobody@nowhere.example' },
					{ email: node.sim().state.customers[0].email },
				],
			},
		);
		expect(jsonOf(result)).toEqual([
			{ found: false, field: 'email', value: 'nobody@nowhere.example' },
			expect.objectContaining({ found: true, email: node.sim().state.customers[0].email }),
		]);
		expect(result.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

describe('Customer Search against the strict platform (records as the spec lists them, no cid)', () => {
	test('every match carries found: true, the placeholder found: false, so "If found is true/false" works', async () => {
		const result = await node.run(
			customer('search', { field: 'company', value: 'plumbing', ifNothingMatches: 'notFound' }),
		);
		const records = jsonOf(result);
		expect(records.length).toBeGreaterThan(1);
		expect(records.every((r) => r.found === true && r.cid === undefined)).toBe(true);
		const miss = await node.run(
			customer('search', {
				field: 'email',
				value: 'nobody@nowhere.example',
				ifNothingMatches: 'notFound',
			}),
		);
		expect(jsonOf(miss)).toEqual([
			{ found: false, field: 'email', value: 'nobody@nowhere.example' },
		]);
	});
});
