import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { useNode } from '../harness/nodeRunner';

/** The Report node against a fresh simulator per test, and calls to rate into it. */
export function useReport() {
	const node = useNode(new TelcoBillingReport());
	const state = () => node.sim().state;
	const report = (parameters: IDataObject) => ({
		resource: 'report',
		operation: 'run',
		...parameters,
	});
	const body = () => JSON.parse(JSON.stringify(node.sim().requests)) as Array<{ url: string }>;
	function call(orig: string, startdate: string, billsec: number, destination = '0411222333') {
		state().cdrs.insert('demo-switch', 1, {
			orig_id: orig,
			startdate,
			enddate: null,
			accountcode: '',
			callerid: '0412346601',
			did: '',
			direction: 'outbound',
			destination,
			destination_info: '',
			application: '',
			duration: billsec,
			billsec,
			cost: null,
			disposition: 'ANSWERED',
			privacy_flag: 0,
		});
	}
	return { node, state, report, body, call };
}
