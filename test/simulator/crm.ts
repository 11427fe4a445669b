/** Leads, orders and timeline entries: records the spec does not detail. */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'lost', 'converted'];

export interface Lead {
	lid: number;
	deptid: number;
	first_name: string;
	last_name: string;
	company: string;
	email: string;
	phone: string;
	mobile: string;
	status: string;
	source: string;
	notes: string;
	date_created: string;
}

export interface Order {
	id: number;
	deptid: number;
	cid: number;
	reference: string;
	notes: string;
	items: Array<{ pid: number; quantity: number; price: number }>;
	date_created: string;
}

export interface TimelineEntry {
	id: number;
	deptid: number;
	module: string;
	record: string;
	title: string;
	category: 'note' | 'event';
	description: string;
	event_date: string | null;
	date_created: string;
}

export function seedLeads(deptid: number, firstId: number): Lead[] {
	const names: Array<[string, string, string]> = [
		['Olivia', 'Brown', 'Brown Bakery'],
		['Ethan', 'Lee', 'Lee Logistics'],
		['Grace', 'Kim', 'Kim Dental'],
		['Lucas', 'Ng', 'Ng Legal'],
		['Chloe', 'Ryan', 'Ryan Studio'],
	];
	return Array.from({ length: 25 }, (_, i) => {
		const [first, last, company] = names[i % names.length];
		return {
			lid: firstId + i,
			deptid,
			first_name: first,
			last_name: last,
			company: `${company} ${i + 1}`,
			email: `${first}.${last}.${i + 1}@leads.example`.toLowerCase(),
			phone: '',
			mobile: `04${String(30000000 + i * 17).slice(-8)}`,
			status: LEAD_STATUSES[i % 4],
			source: ['web', 'referral', 'event'][i % 3],
			notes: '',
			date_created: `2026-10-${String((i % 28) + 1).padStart(2, '0')} 09:00:00`,
		};
	});
}
