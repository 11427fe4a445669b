import { checkSchedule } from '../../nodes/TelcoBillingBulkEmail/bulkEmail.schedule';
// Fixed clocks, so daylight-saving changes in Melbourne can be crossed on purpose.
const at = (iso: string) => new Date(iso);

describe('checkSchedule', () => {
	test('a bare date is midnight, Melbourne time', () => {
		expect(checkSchedule('2027-01-10', at('2027-01-01T00:00:00Z'))).toEqual({
			value: '2027-01-10 00:00:00',
		});
	});

	test('an instant with an offset becomes Melbourne wall time (AEDT, UTC+11, in summer)', () => {
		expect(checkSchedule('2027-01-09T23:30:00Z', at('2027-01-01T00:00:00Z'))).toEqual({
			value: '2027-01-10 10:30:00',
		});
	});

	test('across the end of daylight saving (4 April 2027, 03:00 AEDT → 02:00 AEST) the conversion follows the clock', () => {
		const now = at('2027-03-20T00:00:00Z');
		expect(checkSchedule('2027-04-03T15:30:00Z', now)).toEqual({ value: '2027-04-04 02:30:00' });
		expect(checkSchedule('2027-04-03T16:30:00Z', now)).toEqual({ value: '2027-04-04 02:30:00' });
		expect(checkSchedule('2027-04-03T17:30:00Z', now)).toEqual({ value: '2027-04-04 03:30:00' });
	});

	test('across the start of daylight saving (3 October 2027, 02:00 AEST → 03:00 AEDT)', () => {
		const now = at('2027-09-20T00:00:00Z');
		expect(checkSchedule('2027-10-02T15:59:00Z', now)).toEqual({ value: '2027-10-03 01:59:00' });
		expect(checkSchedule('2027-10-02T16:00:00Z', now)).toEqual({ value: '2027-10-03 03:00:00' });
	});

	test('90 days are counted on Melbourne’s calendar, even across a daylight-saving change', () => {
		// Now: 1 March 2027, 10:00 AEDT; 90 days later is 30 May 2027 (AEST).
		const now = at('2027-02-28T23:00:00Z');
		expect(checkSchedule('2027-05-30 10:00', now)).toEqual({ value: '2027-05-30 10:00:00' });
		expect(checkSchedule('2027-05-30 10:01', now)).toEqual({
			error:
				'Scheduled At (scheduled_at) must be at most 90 days ahead in Melbourne time ' +
				'(until 2027-05-30 10:00:00)',
		});
	});

	test('the Melbourne date decides, not the UTC one', () => {
		// 13:30 UTC on 31 Dec is already 1 Jan 00:30 in Melbourne: 90 days from then is 1 April.
		const now = at('2026-12-31T13:30:00Z');
		expect(checkSchedule('2027-04-01 00:00', now)).toEqual({ value: '2027-04-01 00:00:00' });
	});

	test.each([
		['2027-02-30', 'Scheduled At (scheduled_at) must be a real date: 2027-02-30 does not exist'],
		['2027-03-31 23:59', undefined],
		['2027-02-29', 'Scheduled At (scheduled_at) must be a real date: 2027-02-29 does not exist'],
		['2027-01-05 24:00', 'Scheduled At (scheduled_at) has an impossible time of day'],
		[
			'2027-01-05 10',

			'Scheduled At (scheduled_at) must be Y-m-d, Y-m-d H:i or Y-m-d H:i:s (a T may ' +
				'replace the space)',
		],
	])('%s', (value, error) => {
		const result = checkSchedule(value, at('2027-01-01T00:00:00Z'));
		if (error) expect(result).toEqual({ error });
		else expect(result).toHaveProperty('value');
	});
});
