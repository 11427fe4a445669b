import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { runNode } from './engine';
import type { RunResult } from './engine';

/**
 * Customer → Get Balance of customer 1001, one item, through the engine: the plainest read, which the tests of
 * a transport or credential setting (a proxy, a certificate, a timeout, a pasted key) run under that setting.
 */
export async function balanceRun(
	credentials: ICredentialDataDecryptedObject,
	requestOptions?: INodeParameters,
): Promise<RunResult> {
	return await runNode({
		nodeType: new TelcoBillingCustomer(),
		parameters: {
			resource: 'customer',
			operation: 'getBalance',
			cid: { __rl: true, mode: 'id', value: '1001' },
			...(requestOptions ? { requestOptions } : {}),
		},
		input: [{}],
		credentials,
	});
}
