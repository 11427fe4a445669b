import type { INodeParameters } from 'n8n-workflow';
import type { Simulator } from '../simulator/app';
import { bundleOf } from './records';
import { SEEDED, aValueFor } from './tables';
import type { Row } from './tables';
import { contactOf } from './writeParameters';

/** What required fields take on the seeded simulator (reads); writes take what writeParameters.ts gives them. */
export const READ_GIVEN: Record<string, unknown> = {
	...SEEDED,
	campaignId: '501',
	email: 'liam.smith1@example.com',
	value: 'Smith',
	text: 'Smith',
};

/** Reads whose rules want more than a required field: a filter, a criterion, a list of ids. */
const READ_NEEDS: Record<string, INodeParameters> = {
	'lead filter': { filters: { company: 'dental' } },
	'service search': { activeOnly: true },
	'service calculateEtfMany': { serviceIds: '20001' },
};

/** A service of the demo department that is active today: what its number and start date find. */
const activeService = (sim: Simulator) =>
	sim.state.services.find((s) => s.deptid === 1 && s.date_ended === null)!;

/**
 * Reads that find a record only when the platform holds one: the seeded platform holds no campaign, bundle or
 * timeline entry, and a service number or a contact is the platform's, not a value of the field's type. Given a
 * simulator, the record is read from it (or put there first) and the read finds it.
 */
const READ_RECORDS: Record<
	string,
	{ parameters: (sim: Simulator) => INodeParameters; prepare?: (sim: Simulator) => void }
> = {
	'campaign get': {
		prepare: (sim) => {
			const [customer] = sim.state.customers.filter((c) => c.deptid === 1 && c.email);
			// Made at one time whenever it is made: two runs of a test read the same record.
			sim.state.bulkEmail.create(1, 'Queued', 'Hello', [customer], null).created_at =
				'2026-11-20 10:00:00';
		},
		parameters: (sim) => ({ campaignId: String(sim.state.bulkEmail.campaigns.at(-1)!.id) }),
	},
	'campaign getAll': {
		prepare: (sim) => READ_RECORDS['campaign get'].prepare!(sim),
		parameters: () => ({}),
	},
	'contact get': { parameters: contactOf },
	'bundle getByCustomer': {
		prepare: (sim) => sim.state.bundles.push(bundleOf(1001, 40009, 'Team Pack')),
		parameters: () => ({}),
	},
	'timeline getAll': {
		prepare: (sim) =>
			sim.state.timeline.push({
				id: 1,
				deptid: 1,
				module: 'customers',
				record: '1001',
				title: 'Called',
				category: 'note',
				description: 'Asked about the invoice',
				event_date: null,
				date_created: '2026-11-20 10:00:00',
			}),
		parameters: () => ({}),
	},
	'bundle get': {
		prepare: (sim) => sim.state.bundles.push(bundleOf(1001, 40009, 'Team Pack')),
		parameters: () => ({ bundleId: 40009 }),
	},
	'service getMonthlyCost': {
		parameters: (sim) => ({ service_num: activeService(sim).service_num }),
	},
	'service getDailyCost': {
		parameters: (sim) => ({ service_num: activeService(sim).service_num }),
	},
	'service getProRataCost': {
		parameters: (sim) => ({
			service_num: activeService(sim).service_num,
			date: activeService(sim).start_date,
		}),
	},
};

/**
 * A read's parameters on the seeded simulator: its required fields, and what its rules want besides. Given the
 * simulator, a read of one record finds one there (rowParameters in operationRuns.ts gives it).
 */
export function readParameters({ resource, op }: Row, sim?: Simulator): INodeParameters {
	const parameters: INodeParameters = { resource, operation: op.value };
	for (const field of op.fields ?? [])
		if (field.required || READ_GIVEN[field.name] !== undefined)
			parameters[field.name] = aValueFor(field, READ_GIVEN) as string;
	const record = sim && READ_RECORDS[`${resource} ${op.value}`];
	record?.prepare?.(sim!);
	return {
		...parameters,
		...READ_NEEDS[`${resource} ${op.value}`],
		...(record ? record.parameters(sim!) : {}),
	};
}
