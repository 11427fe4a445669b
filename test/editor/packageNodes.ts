import type { INodeType } from 'n8n-workflow';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingQualification } from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingReportTrigger } from '../../nodes/TelcoBillingReportTrigger/TelcoBillingReportTrigger.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';

/** Every node of the package, as n8n loads them. */
export const PACKAGE_NODES: INodeType[] = [
	new TelcoBillingCustomer(),
	new TelcoBillingService(),
	new TelcoBillingCallRecord(),
	new TelcoBillingCatalog(),
	new TelcoBillingCrm(),
	new TelcoBillingBulkEmail(),
	new TelcoBillingQualification(),
	new TelcoBillingReport(),
	new TelcoBillingAccount(),
	new TelcoBillingTrigger(),
	new TelcoBillingReportTrigger(),
];
