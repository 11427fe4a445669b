import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { useNode } from '../harness/nodeRunner';

/** The Bulk Email node against a fresh simulator per test whose sender fails every tenth message. */
export function useCampaign() {
	const node = useNode(new TelcoBillingBulkEmail(), { bulkEmail: { perRun: 10, failEvery: 10 } });
	const bulk = () => node.sim().state.bulkEmail;
	const campaign = (operation: string, parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'campaign',
		operation,
		...parameters,
	});
	const eligible = () =>
		node.sim().state.customers.filter((c) => c.deptid === 1 && c.active && /@/.test(c.email));
	const rows = (...list: IDataObject[]) => ({ rows: list }) as unknown as INodeParameters;
	let subjectSeq = 0;
	// The platform refuses the same subject twice within 60 seconds.
	const subject = () => `Hello {{name}} #${++subjectSeq}`;
	return { node, bulk, campaign, eligible, rows, subject };
}
