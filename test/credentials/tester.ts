import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { shutdownEngine } from '../harness/engine';
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
];

/**
 * The Test function n8n's CredentialsTester finds for a credential type, by its steps: the first node using
 * the credential with a `testedBy` name gives `methods.credentialTest[name]` (a credential's own declarative
 * `test` would win over it).
 */
export function testFunctionOf(credentialName: string): ICredentialTestFunction | undefined {
	for (const node of PACKAGE_NODES) {
		for (const { name, testedBy } of node.description.credentials ?? []) {
			if (name === credentialName && typeof testedBy === 'string') {
				return node.methods?.credentialTest?.[testedBy];
			}
		}
	}
	return undefined;
}

/** The message the editor shows after "Test", from n8n's own context for credential tests. */
export async function credentialVerdict(
	credentialName: string,
	data: ICredentialDataDecryptedObject,
): Promise<{ status: string; message: string }> {
	const test = testFunctionOf(credentialName);
	if (!test) throw new Error(`no Test function for ${credentialName}`);
	const context = new CredentialTestContext({} as IWorkflowExecuteAdditionalData);
	return await test.call(context, { id: 'c1', name: 'Test', type: credentialName, data });
}

// n8n's context for credential tests starts the SSH tunnel manager's interval, as an execution context does.
afterAll(async () => {
	await shutdownEngine();
});
