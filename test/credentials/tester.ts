import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestFunctions,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { shutdownEngine } from '../harness/engine';
import { PACKAGE_NODES } from '../editor/packageNodes';

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
	// n8n 2.41's context takes the execution's additional data (unused by a test's request), 2.8's nothing.
	const Context = CredentialTestContext as unknown as new (
		additionalData: IWorkflowExecuteAdditionalData,
	) => ICredentialTestFunctions;
	const context = new Context({} as IWorkflowExecuteAdditionalData);
	return await test.call(context, { id: 'c1', name: 'Test', type: credentialName, data });
}

// n8n's context for credential tests starts the SSH tunnel manager's interval, as an execution context does.
afterAll(async () => {
	await shutdownEngine();
});
