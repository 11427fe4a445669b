import type { Cdr } from './rating';

/**
 * An answered outbound call of `seconds` from a demo mobile, for simulator controls and tests that only
 * need a call on a date (trigger feeds, report rows), not a particular rating.
 */
export function sampleCdr(
	origId: string,
	startdate: string,
	seconds = 1,
): Omit<Cdr, 'id' | 'source' | 'deptid'> {
	return {
		orig_id: origId,
		startdate,
		enddate: null,
		accountcode: '',
		callerid: '0400000000',
		did: '',
		direction: 'outbound',
		destination: '0411111111',
		destination_info: '',
		application: '',
		duration: seconds,
		billsec: seconds,
		cost: null,
		disposition: 'ANSWERED',
		privacy_flag: 0,
	};
}
