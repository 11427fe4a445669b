import { rl, useService } from '../kits/service';
import { earlyTermination } from '../simulator/routes/services';
import { jsonOf } from '../harness/nodeRunner';

const { node, service, state, target } = useService();

describe('Service: reads', () => {
	test('Get Many walks the pages; the records are services (not service types, as the spec misprints)', async () => {
		const result = await node.run(service('getAll', { returnAll: true }));
		const mine = state().services.filter((s) => s.deptid === 1);
		expect(jsonOf(result).map((s) => s.id)).toEqual(mine.map((s) => s.id));
		expect(jsonOf(result)[0]).toMatchObject({
			id: mine[0].id,
			cid: mine[0].cid,
			service_num: mine[0].service_num,
			monthlyfee: mine[0].monthlyfee,
		});
	});

	test('Get Many with a limit', async () => {
		const result = await node.run(service('getAll', { returnAll: false, limit: 3 }));
		expect(result.items).toHaveLength(3);
	});

	test('Get reads the record from the `serviceType` key the platform uses', async () => {
		const target = state().services[0];
		const result = await node.run(service('get', { serviceId: rl(target.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({
				id: target.id,
				service_num: target.service_num,
				servicetype: target.servicetype,
			}),
		]);
	});

	test('Search combines rows with AND, `like` by default', async () => {
		const result = await node.run(
			service('search', {
				criteria: {
					rows: [
						{ field: 'billing_name', value: 'mobile' },
						{ field: 'cid', operator: '>', value: '1004' },
					],
				},
			}),
		);
		const expected = state().services.filter(
			(s) => s.deptid === 1 && /mobile/i.test(s.billing_name) && s.cid > 1004,
		);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(result).map((s) => s.id)).toEqual(expected.map((s) => s.id));
		expect(node.sim().requests.length).toBe(1);
	});

	test('Only Active Services sends the magic active_services field', async () => {
		const result = await node.run(
			service('search', {
				activeOnly: true,
				criteria: { rows: [{ field: 'service_num', operator: 'like', value: 'N1' }] },
			}),
		);
		const statuses = jsonOf(result).map((s) => s.service_status);
		expect(statuses.length).toBeGreaterThan(0);
		expect(statuses).not.toContain('disconnected');
		const all = await node.run(
			service('search', { criteria: { rows: [{ field: 'service_num', value: 'N1' }] } }),
		);
		expect(jsonOf(all).map((s) => s.service_status)).toContain('disconnected');
	});

	test('Get Related Services lists children through parent_id', async () => {
		const parent = state().services[0];
		const child = state().services.find((s) => s.parent_id === parent.id)!;
		const result = await node.run(service('getRelated', { serviceId: rl(parent.id) }));
		expect(jsonOf(result)).toEqual([
			expect.objectContaining({ id: child.id, parent_id: parent.id }),
		]);
	});
});

describe('Service: create and update', () => {
	test('Create without a fee prices it from the customer’s price book (75% of 35 = 26.25) and is active', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('1001'),
				servicetype: 2,
				service_num: '0499000111',
				start_date: '2026-11-01',
			}),
		);
		const [{ id }] = jsonOf(result);
		expect(state().services.find((s) => s.id === id)).toMatchObject({
			cid: 1001,
			monthlyfee: 26.25,
			service_status: 'active',
			start_date: '2026-11-01',
		});
	});

	test('Create for a customer without a price book uses the list price; pending when asked', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('ACC-1-0002'),
				servicetype: 3,
				service_num: 'SIP-1',
				start_date: '2026-11-05T10:00:00',
				additionalFields: { service_status: 'pending' },
			}),
		);
		const [{ id }] = jsonOf(result);
		expect(state().services.find((s) => s.id === id)).toMatchObject({
			cid: 1002,
			monthlyfee: 49.5,
			service_status: 'pending',
			start_date: '2026-11-05',
		});
	});

	test('Create with an explicit monthly fee keeps it', async () => {
		const result = await node.run(
			service('create', {
				cid: rl('1003'),
				servicetype: 1,
				service_num: 'N-NEW',
				start_date: '2026-11-01',
				additionalFields: { monthlyfee: 12.34 },
			}),
		);
		expect(state().services.find((s) => s.id === jsonOf(result)[0].id)!.monthlyfee).toBe(12.34);
	});

	test('Update changes the status to any allowed value', async () => {
		const target = state().services[1];
		await node.run(
			service('update', {
				serviceId: rl(target.id),
				updateFields: { service_status: 'suspended', billing_name: 'Renamed' },
			}),
		);
		expect(target).toMatchObject({ service_status: 'suspended', billing_name: 'Renamed' });
	});

	test('Recalculate Monthly Fee sends monthlyfee:false and the platform reprices from the price book', async () => {
		const target = state().services.find((s) => s.cid === 1001 && s.servicetype === 1)!;
		target.monthlyfee = 99;
		const result = await node.run(
			service('update', { serviceId: rl(target.id), recalculateMonthlyFee: true }),
		);
		expect(jsonOf(result)).toEqual([{ success: true, id: target.id }]);
		expect(target.monthlyfee).toBe(59.95);
	});

	test('a service type change then a recalculation moves the fee to the new type’s price', async () => {
		const target = state().services.find((s) => s.cid === 1002)!;
		await node.run(
			service('update', {
				serviceId: rl(target.id),
				recalculateMonthlyFee: true,
				updateFields: { servicetype: 5 },
			}),
		);
		expect(target).toMatchObject({ servicetype: 5, monthlyfee: 25 });
	});

	test('Add Misc Charge adds a product charge to the service', async () => {
		const target = state().services[2];
		const result = await node.run(
			service('addMiscCharge', {
				enid: rl(target.id),
				pid: 1,
				charge_date: '2026-12-01',
				additionalFields: { description: 'Router' },
			}),
		);
		expect(state().serviceCharges).toEqual([
			expect.objectContaining({
				id: jsonOf(result)[0].id,
				enid: target.id,
				pid: 1,
				charge_date: '2026-12-01',
				description: 'Router',
				inc_tax_amount: 163.9,
			}),
		]);
	});

	test('Add Misc Charge sends the service and product as the integers the spec types them as', async () => {
		const target = state().services[2];
		await node.run(
			service('addMiscCharge', {
				enid: rl(target.id),
				pid: '={{ "1" }}',
				charge_date: '2026-12-01',
			}),
		);
		expect(node.sim().requests[0].body).toEqual({
			enid: target.id,
			pid: 1,
			charge_date: '2026-12-01',
		});
	});
});

describe('Service: early termination', () => {
	test('Calculate ETF follows the documented contract model, worked out by hand', async () => {
		const result = await node.run(
			service('calculateEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		// Billed to 2026-03-31; 9 months remain to 2027-01-01: 9 × 59.95 = 539.55; ETF 50% = 269.78.
		expect(jsonOf(result)).toEqual([
			{
				success: true,
				in_contract: true,
				billed_until: '2026-03-31',
				etf_date: '2026-03-15',
				contract_end_date: '2027-01-01',
				amount_remaining: 539.55,
				etf: 269.78,
				etf_applied: 0,
			},
		]);
		expect(state().serviceCharges).toEqual([]);
		expect(node.sim().requests[0].url).toMatch(/\/services\/\d+\/calculateETF\/2026-03-15$/);
	});

	test('without a date the path has no date segment (today applies)', async () => {
		await node.run(service('calculateEtf', { serviceId: rl(target().id) }));
		expect(node.sim().requests[0].url).toMatch(/\/services\/\d+\/calculateETF$/);
	});

	test('Apply ETF adds the charge, so a second calculation shows it', async () => {
		const applied = await node.run(
			service('applyEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		expect(jsonOf(applied)).toEqual([{ success: true }]);
		expect(state().serviceCharges).toEqual([
			expect.objectContaining({
				enid: target().id,
				kind: 'etf',
				inc_tax_amount: 269.78,
				charge_date: '2026-03-15',
			}),
		]);
		const again = await node.run(
			service('calculateEtf', { serviceId: rl(target().id), date: '2026-03-15' }),
		);
		expect(jsonOf(again)[0]).toMatchObject({ etf_applied: 269.78 });
	});

	test('Calculate ETF for Many: one result per service, paired to the one input item', async () => {
		const ids = state()
			.services.slice(0, 3)
			.map((s) => s.id);
		const result = await node.run(
			service('calculateEtfMany', { serviceIds: ids.join(', '), date: '2026-03-15' }),
		);
		expect(jsonOf(result).map((r) => r.enid)).toEqual(ids);
		expect(jsonOf(result)[0]).toMatchObject({ etf: 269.78 });
		expect(result.items.every((i) => JSON.stringify(i.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('Apply ETF for Many takes an array from an expression', async () => {
		const ids = state()
			.services.slice(0, 2)
			.map((s) => s.id);
		const result = await node.run(service('applyEtfMany', { serviceIds: '={{ $json.ids }}' }), {
			input: [{ ids }],
		});
		expect(jsonOf(result)).toEqual(ids.map((enid) => ({ success: true, enid })));
		expect(node.sim().requests[0].url).toMatch(/\/services\/doMultipleETF$/);
	});

	test('the contract model exported by the simulator is the one the node reports', () => {
		const s = target();
		expect(earlyTermination(state(), s, '2027-02-01')).toMatchObject({
			in_contract: false,
			amount_remaining: '0.00',
			etf: '0.00',
		});
	});
});

describe('Service: cost lookups', () => {
	test('Get Monthly Cost by Service Number on a date', async () => {
		const target = state().services[0];
		const result = await node.run(
			service('getMonthlyCost', { service_num: target.service_num, date: '2026-05-01' }),
		);
		expect(jsonOf(result)).toEqual([
			{
				enid: target.id,
				service_num: target.service_num,
				monthlyfee: 59.95,
				ratecode: null,
				service_type: 'NBN 100/20',
			},
		]);
	});

	test('Get Pro-Rata Cost for a service starting on the date: 59.95 × 31/31 on the 1st', async () => {
		const target = state().services[0];
		const result = await node.run(
			service('getProRataCost', { service_num: target.service_num, date: target.start_date }),
		);
		expect(jsonOf(result)[0]).toMatchObject({ enid: target.id, monthly_prorata_fee: 59.95 });
	});

	test('Get Daily Cost: monthly × 12 / 365', async () => {
		const target = state().services[1];
		const result = await node.run(service('getDailyCost', { service_num: target.service_num }));
		expect(jsonOf(result)[0]).toMatchObject({
			enid: target.id,
			dailyfee: Number(((target.monthlyfee * 12) / 365).toFixed(4)),
		});
	});
});

describe('Service Bundle', () => {
	test('Create, Get by Customer, Get and Update', async () => {
		const created = await node.run({
			resource: 'bundle',
			operation: 'create',
			cid: rl('1001'),
			name: 'Office Pack',
			additionalFields: {
				included_usage_type: 2,
				included_value: 500,
				monthly_cost: 20,
				call_types: [1, 2],
			},
		});
		const [{ id }] = jsonOf(created);
		expect(state().bundles).toEqual([
			expect.objectContaining({
				id,
				cid: 1001,
				name: 'Office Pack',
				included_usage_type: 2,
				included_value: 500,
				call_types: [1, 2],
			}),
		]);

		state().services[0].bundle_id = id as number;
		const list = await node.run({
			resource: 'bundle',
			operation: 'getByCustomer',
			cid: rl('1001'),
		});
		expect(jsonOf(list)).toEqual([
			expect.objectContaining({ id, name: 'Office Pack', monthly_cost: 20 }),
		]);
		expect(jsonOf(list)[0].cid).toBeUndefined();

		const detail = await node.run({ resource: 'bundle', operation: 'get', bundleId: id as number });
		expect(jsonOf(detail)[0]).toMatchObject({
			id,
			cid: 1001,
			services: [expect.objectContaining({ enid: String(state().services[0].id) })],
			charges: [],
		});

		await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1001'),
			bundleId: id as number,
			name: 'Office Pack Plus',
			updateFields: { active: false },
		});
		expect(state().bundles[0]).toMatchObject({ name: 'Office Pack Plus', active: 0 });
	});

	test('Update can clear the end date (and the other nullable fields) back to null', async () => {
		state().bundles.push({
			id: 40009,
			deptid: 1,
			cid: 1002,
			name: 'Team Pack',
			active: 1,
			date_started: '2026-01-01',
			date_ended: '2026-06-30',
			included_usage_type: 1,
			included_value: 50,
			monthly_cost: 10,
			call_types: [],
			charges: [],
		});
		const result = await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1002'),
			bundleId: 40009,
			name: 'Team Pack',
			updateFields: { clear: ['date_ended', 'monthly_cost'] },
		});
		expect(result.error).toBeUndefined();
		expect(node.sim().requests[node.sim().requests.length - 1].body).toEqual({
			cid: 1002,
			id: 40009,
			name: 'Team Pack',
			date_ended: null,
			monthly_cost: null,
		});
		expect(state().bundles.find((b) => b.id === 40009)).toMatchObject({
			date_ended: null,
			monthly_cost: null,
			included_value: 50,
		});
	});

	test('a field both given and cleared is refused before any request', async () => {
		const result = await node.run({
			resource: 'bundle',
			operation: 'update',
			cid: rl('1002'),
			bundleId: 40009,
			name: 'X',
			updateFields: { date_ended: '2026-07-01', clear: ['date_ended'] },
		});
		expect(result.error?.message).toBe(
			'Update Fields: Date Ended (date_ended) cannot be both given and cleared',
		);
		expect(node.sim().requests).toEqual([]);
	});
});
