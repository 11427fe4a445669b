import { addDays } from '../dates';
import type { Cdr } from '../rating';
import type { State } from '../state';
import { stream } from './random';

/** The source the history's calls carry: no key imports into it, so it never shows as a live feed. */
export const HISTORY_SOURCE = 'history';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Where a call goes, mostly mobiles and local numbers, some overseas; each has a Standard Business rate. */
const DESTINATIONS = [
	{ share: 0.55, prefix: '04', perMinuteCost: 0.06, longest: 900 },
	{ share: 0.9, prefix: '03', perMinuteCost: 0.02, longest: 900 },
	{ share: 1, prefix: '001144', perMinuteCost: 0.45, longest: 1800 },
];

/**
 * Outbound calls from every calling service (mobiles, SIP trunks) while it was connected, none to two a day,
 * from the day `from` to the current Melbourne time `now`. Times are Melbourne wall-clock, as the platform
 * stores them; a service's calls on a day are fixed by the service and the day (and `salt`: days that pass later,
 * history/advance.ts, bring calls of their own).
 */
export function generateCalls(state: State, from: string, now: string, salt = ''): Cdr[] {
	const today = now.slice(0, 10);
	const days: string[] = [];
	for (let day = from; day <= today; day = addDays(day, 1)) days.push(day);
	const calls: Cdr[] = [];
	const calling = state.services.filter(
		(s) =>
			state.serviceTypes.find((t) => t.esid === s.servicetype)?.calls_service === 1 &&
			s.service_status !== 'pending',
	);
	for (const service of calling) {
		const last =
			service.date_ended !== null && service.date_ended < today ? service.date_ended : today;
		for (const day of days) {
			if (day < service.start_date || day > last) continue;
			const draw = stream(`${salt}${service.id}:${day}`);
			const count = [0, 1, 1, 2][draw(0, 3)];
			for (let n = 0; n < count; n++) {
				const startdate = `${day} ${pad(draw(8, 18))}:${pad(draw(0, 59))}:${pad(draw(0, 59))}`;
				const to = DESTINATIONS.find((d) => d.share > draw())!;
				const number = `${to.prefix}${draw(10000000, 99999999)}`;
				const answered = draw() >= 0.08;
				const billsec = answered ? draw(15, to.longest) : 0;
				const ring = draw(3, 20);
				if (startdate > now) continue;
				calls.push({
					id: state.nextId('historyCdr', 800000001),
					source: HISTORY_SOURCE,
					deptid: service.deptid,
					orig_id: `H${salt}${service.id}-${day}-${n}`,
					startdate,
					enddate: null,
					accountcode: '',
					callerid: service.service_num,
					did: '',
					direction: 'outbound',
					destination: number,
					destination_info: '',
					application: '',
					duration: billsec + ring,
					billsec,
					cost: Math.round((billsec / 60) * to.perMinuteCost * 10000) / 10000,
					disposition: answered ? 'ANSWERED' : 'NO ANSWER',
					privacy_flag: 0,
				});
			}
		}
	}
	return calls;
}
