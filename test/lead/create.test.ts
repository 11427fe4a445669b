import { useCrm } from '../kits/crm';
import { jsonOf } from '../harness/nodeRunner';
const { node, state, run } = useCrm();

describe('Lead', () => {
	test('Create, Get and Update', async () => {
		const created = await run('lead', 'create', {
			leadFields: {
				first_name: 'Ana',
				company: 'Ana Advisory',
				status: 'contacted',
				email: 'ana@advisory.example',
			},
		});
		const [{ id }] = jsonOf(created);
		const got = await run('lead', 'get', { lid: String(id) });
		expect(jsonOf(got)[0]).toMatchObject({ lid: id, company: 'Ana Advisory', status: 'contacted' });
		await run('lead', 'update', {
			lid: String(id),
			updateFields: { status: 'qualified', notes: 'Wants NBN' },
		});
		expect(state().leads.find((l) => l.lid === id)).toMatchObject({
			status: 'qualified',
			notes: 'Wants NBN',
		});
	});
	test('the spec shows no lead fields: any status, and a lead with only an email, are sent as given', async () => {
		const created = await run('lead', 'create', {
			leadFields: { email: 'x@y.example', status: 'nurturing' },
		});
		expect(created.error).toBeUndefined();
		expect(node.sim().requests[0].body).toEqual({ email: 'x@y.example', status: 'nurturing' });
		const lid = String(jsonOf(created)[0].id);
		await run('lead', 'update', { lid, updateFields: { status: 'on hold' } });
		expect(state().leads.find((l) => String(l.lid) === lid)).toMatchObject({
			email: 'x@y.example',
			status: 'on hold',
		});
	});
});
