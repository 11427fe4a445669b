import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { useNode } from '../harness/nodeRunner';

// Under n8n's default (stop on a failure) a write checks every item before sending any. A sync with 31 bad
// rows among 1,000 named only the first: the user fixed one row per run. The stop names how many were refused
// and the first ten with their reasons, numbered as n8n numbers items and as people count rows.

const node = useNode(new TelcoBillingCustomer());

test('a write refusing several items names how many, and the first ten with their reasons; nothing is sent', async () => {
	const input = Array.from({ length: 40 }, (_, n) => ({
		company: `Row ${n} Pty Ltd`,
		// Every third row from the 4th on has a date of birth that is no date.
		dob: n >= 3 && n % 3 === 0 ? `31/02/19${n}` : '1980-01-01',
	}));
	const result = await node.run(
		{
			resource: 'customer',
			operation: 'create',
			customerFields: { company: '={{ $json.company }}', dob: '={{ $json.dob }}' },
		},
		{ input },
	);
	const refused = input.filter((row) => row.dob !== '1980-01-01').length;
	expect(refused).toBe(13);
	expect(result.error?.message).toBe(`13 of 40 items were refused; nothing was sent`);
	const description = String(result.error?.description);
	expect(description).toMatch(/^\[item 3\] \(row 4\) Date of Birth \(dob\) /);
	expect(description).toContain('[item 30] (row 31) Date of Birth (dob)');
	expect(description).not.toContain('[item 33]');
	expect(description).toContain('and 3 more');
	expect(description).toContain('Nothing was sent to the billing platform.');
	expect(result.error?.context?.itemIndex).toBe(3);
	expect(node.sim().requests).toEqual([]);
});
