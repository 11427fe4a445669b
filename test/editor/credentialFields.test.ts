import type { INodeType } from 'n8n-workflow';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingQualification } from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';

const NODES: INodeType[] = [
	new TelcoBillingAccount(),
	new TelcoBillingBulkEmail(),
	new TelcoBillingCallRecord(),
	new TelcoBillingCatalog(),
	new TelcoBillingCrm(),
	new TelcoBillingCustomer(),
	new TelcoBillingQualification(),
	new TelcoBillingReport(),
	new TelcoBillingService(),
	new TelcoBillingTrigger(),
];

/**
 * The parameters n8n's editor moves out of the panel because the choice of credential depends on them:
 * it takes the parameters a credential's `show` names (the authentication fields), then hides every
 * parameter that one of those fields' own `show` names (n8n 2.41, nodeTypesUtils isAuthRelatedParameter).
 */
function hiddenForCredentials(type: INodeType): string[] {
	const { credentials = [], properties } = type.description;
	const authNames = new Set(credentials.flatMap((c) => Object.keys(c.displayOptions?.show ?? {})));
	const authFields = properties.filter((p) => authNames.has(p.name));
	return [...new Set(authFields.flatMap((f) => Object.keys(f.displayOptions?.show ?? {})))];
}

describe('parameters the editor hides for the credential', () => {
	test.each(NODES.map((n) => [n.description.displayName, n] as const))(
		'%s keeps every parameter in its panel (Resource and Operation stay choosable)',
		(_name, type) => {
			expect(hiddenForCredentials(type)).toEqual([]);
		},
	);
});
