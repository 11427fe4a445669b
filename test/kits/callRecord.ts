import type { IDataObject } from 'n8n-workflow';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { useNode } from '../harness/nodeRunner';

/** The Call Record node against a fresh simulator per test, and CDR items to feed it. */
export function useCallRecord() {
	const node = useNode(new TelcoBillingCallRecord());
	const state = () => node.sim().state;
	const cdrPosts = () =>
		node
			.sim()
			.requests.filter((r) => r.url.endsWith('/cdr/multiple/add') || r.url.endsWith('/cdr/add'));
	let seq = 0;
	function cdr(overrides: IDataObject = {}): IDataObject {
		seq += 1;
		return {
			orig_id: `call-${seq}`,
			startdate: '2026-11-20 10:00:00',
			callerid: '0412346601',
			direction: 'outbound',
			destination: '0498765432',
			billsec: 60,
			duration: 65,
			...overrides,
		};
	}
	return { node, state, cdrPosts, cdr };
}
