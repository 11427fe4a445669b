import type { INodeParameters } from 'n8n-workflow';
import { SEEDED, aValueFor } from './tables';
import type { Row } from './tables';

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

/** A read's parameters on the seeded simulator: its required fields, and what its rules want besides. */
export function readParameters({ resource, op }: Row): INodeParameters {
	const parameters: INodeParameters = { resource, operation: op.value };
	for (const field of op.fields ?? [])
		if (field.required || READ_GIVEN[field.name] !== undefined)
			parameters[field.name] = aValueFor(field, READ_GIVEN) as string;
	return { ...parameters, ...READ_NEEDS[`${resource} ${op.value}`] };
}
