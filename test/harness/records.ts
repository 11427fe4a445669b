import type { Bundle } from '../simulator/state';

/** A service bundle of customer `cid` in department 1, as a test puts one on the platform. */
export function bundleOf(cid: number, id: number, name = `Pack ${id}`): Bundle {
	return {
		id,
		deptid: 1,
		cid,
		name,
		active: 1,
		date_started: '2026-01-01',
		date_ended: null,
		included_usage_type: 1,
		included_value: 50,
		monthly_cost: 10,
		call_types: [],
		charges: [],
	};
}
