import { useCustomer } from '../kits/customer';
import { jsonOf } from '../harness/nodeRunner';
const { node, customer } = useCustomer();

// n8n replaces the message of an error it is handed by the sentence of any Node.js error code the message holds,
// in any case: a customer named "Keeperman" (EPERM) or "Reconnreset Pty" (ECONNRESET) made the error say
// "Operation not permitted, make sure you have the right permissions". Every error keeps its own words.

test.each(['Keeperman Plumbing', 'Reconnreset Pty Ltd', 'Stimedout Logistics'])(
	'a customer named “%s” is named in its error, in the package’s words',
	async (name) => {
		const stop = await node.run(customer('getBalance', { cid: name }));
		expect(stop.error?.message).toContain(name);
		const item = jsonOf(
			await node.run(customer('getBalance', { cid: name }), { continueOnFail: true }),
		)[0];
		expect(String(item.error)).toContain(name);
	},
);
