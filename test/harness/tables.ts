import type { INodeType } from 'n8n-workflow';
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
