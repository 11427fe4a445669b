import type { Operation } from '../../nodes/shared/operation/operations';
import { tables as account } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { tables as bulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { tables as catalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { tables as crm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { tables as customer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { tables as qualification } from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import { tables as report } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { tables as service } from '../../nodes/TelcoBillingService/TelcoBillingService.node';

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
