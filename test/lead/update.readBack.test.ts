import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { DEMO_KEY, jsonOf, useNode } from '../harness/nodeRunner';

const node = useNode(new TelcoBillingCrm());
const paths = () =>
	node.sim().requests.map((r) => `${r.method} ${r.url.replace(`/${DEMO_KEY}`, '')}`);

test('Update outputs the lead as the platform now holds it: the answer of Get, asked after the update', async () => {
	const created = await node.run({
		resource: 'lead',
		operation: 'create',
		leadFields: { company: 'Ana Advisory', email: 'ana@advisory.example', status: 'contacted' },
	});
	const lid = String(jsonOf(created)[0].id);
	node.sim().requests.length = 0;
	const result = await node.run({
		resource: 'lead',
		operation: 'update',
		lid,
		updateFields: { status: 'qualified', notes: 'Wants NBN' },
	});
	expect(result.error).toBeUndefined();
	expect(paths()).toEqual([`POST /leads/${lid}`, `GET /leads/get/${lid}`]);
	const got = await node.run({ resource: 'lead', operation: 'get', lid });
	expect(jsonOf(result)).toEqual(jsonOf(got));
	expect(jsonOf(result)[0]).toMatchObject({
		lid: Number(lid),
		company: 'Ana Advisory',
		status: 'qualified',
		notes: 'Wants NBN',
	});
});
