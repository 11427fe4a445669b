import type { INodeProperties, INodeType } from 'n8n-workflow';
import type { Operation } from '../../nodes/shared/operation/operations';
import {
	TelcoBillingAccount,
	tables as account,
} from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import {
	TelcoBillingBulkEmail,
	tables as bulkEmail,
} from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import {
	TelcoBillingCatalog,
	tables as catalog,
} from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCrm, tables as crm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import {
	TelcoBillingCustomer,
	tables as customer,
} from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import {
	TelcoBillingQualification,
	tables as qualification,
} from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import {
	TelcoBillingReport,
	tables as report,
} from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import {
	TelcoBillingService,
	tables as service,
} from '../../nodes/TelcoBillingService/TelcoBillingService.node';

/** Every row of every table-driven node, with where it lives: what invariants over the operations iterate. */
export interface Row {
	node: string;
	resource: string;
	op: Operation;
}

const NODES = { account, bulkEmail, catalog, crm, customer, qualification, report, service };

export const ROWS: Row[] = Object.entries(NODES).flatMap(([node, tables]) =>
	Object.entries(tables ?? {}).flatMap(([resource, ops]) =>
		ops.map((op) => ({ node, resource, op })),
	),
);

/** The node type of each table-driven node, by the names ROWS uses. */
export const NODE_TYPES: Record<string, INodeType> = {
	account: new TelcoBillingAccount(),
	bulkEmail: new TelcoBillingBulkEmail(),
	catalog: new TelcoBillingCatalog(),
	crm: new TelcoBillingCrm(),
	customer: new TelcoBillingCustomer(),
	qualification: new TelcoBillingQualification(),
	report: new TelcoBillingReport(),
	service: new TelcoBillingService(),
};

/** Records of the seeded simulator a row's fields name by default (a test adds or overrides its own). */
export const SEEDED: Record<string, string> = {
	cid: '1001',
	lid: '3001',
	serviceId: '20001',
	bundleId: '1',
	priceBookId: '1',
	ctgid: '1',
	contactId: '1',
	itemId: '1',
	recordId: '1001',
	module: 'customers',
};

/**
 * A value a field accepts on the seeded simulator: the one `given` names, else its default choice, else a
 * plain value of its type. A dropdown loaded from the platform takes ID 1.
 */
export function aValueFor(
	field: INodeProperties,
	given: Record<string, unknown> = SEEDED,
): unknown {
	const value = given[field.name];
	if (field.type === 'resourceLocator') return { __rl: true, mode: 'id', value: value ?? '1001' };
	if (value !== undefined) return value;
	if (field.type === 'options')
		return (
			field.default || (field.options as Array<{ value: unknown }> | undefined)?.[0]?.value || '1'
		);
	if (field.type === 'number') return 1;
	if (field.type === 'boolean') return false;
	if (field.type === 'dateTime') return '2026-11-20';
	return 'Given';
}
