import { rl, useService } from '../kits/service';
import { describeRefusals } from '../harness/refusals';
import type { Refusal } from '../harness/refusals';
const { node, service } = useService();

const refused: Refusal[] = [
	{
		rule: 'Bundle Update with an id that is not a number (serviceBundles/post would create a bundle)',
		parameters: {
			resource: 'bundle',
			operation: 'update',
			cid: rl('1001'),
			bundleId: '={{ "Family" }}',
			name: 'Family',
		},
		message: "Bundle (id) must be a whole number above 0 (the record's ID)",
	},
	{
		rule: 'a search field given by expression that is not in the list',
		parameters: service('search', {
			criteria: { rows: [{ field: '={{ "password" }}', operator: 'like', value: 'x' }] },
		}),
		message:
			'Criteria (criteria) row 1: Field (field) must be one of: billing_name, call_rates_id, cid, ' +
			'date_created, date_ended, date_modified, id, ip_ipadd, monthlyfee, service_num, ' +
			'service_status, start_date, username',
	},
	{
		rule: 'a service number that is a dot segment (daily/.. would reach another endpoint)',
		parameters: service('getDailyCost', { service_num: '..' }),
		message:
			'Service Number (service_num) cannot be "." or "..": the address would point at another ' +
			'record or endpoint',
	},
	{
		rule: 'a service id given by expression that is a dot segment',
		parameters: service('get', { serviceId: rl('={{ "." }}') }),
		message:
			'Service (serviceId) cannot be "." or "..": the address would point at another record or endpoint',
	},
];

describeRefusals(node, refused);
