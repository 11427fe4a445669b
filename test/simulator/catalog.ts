/**
 * Catalogue records of the simulated platform: service types, products, price books, rate cards, call
 * types.
 */

export interface ServiceType {
	esid: number;
	typeofservice: string;
	list_price: number;
	wholesale_price: number;
	reseller_price: number;
	cost_price: number;
	calls_service: number;
	data_service: number;
	helpdesk_display: number;
	sms_postpaid: number;
	invoice_type: string;
	reporting_category: string;
	ratecode: string | null;
	ctgid: number | null;
	/** Contract length in months when a service has no contract term text of its own. */
	contract_months: number;
	/** Early termination fee as a percentage of what remains on the contract. */
	etf_percent: number;
	default_call_types: number[];
}

export interface Product {
	pid: number;
	title: string;
	partnumber: string;
	description: string;
	ex_tax_amount: number;
	cost: number;
	taxrate: number;
	category_name: string;
	catid: number;
	vid: number;
	manufacturer: string;
	model: string;
}

export interface PriceBookItem {
	id: number;
	related_id: number;
	related_type: 'service' | 'product';
	override: 0 | 1;
	adjustment: number;
}

export interface PriceBook {
	id: number;
	deptid: number;
	name: string;
	items: PriceBookItem[];
	date_created: string;
	date_modified: string;
}

export interface RateItem {
	id: number;
	ctgid: number;
	ctid: number;
	fixedrate: 0 | 1;
	ratepermin: number;
	flagfall: number;
	min_cost: number;
	max_cost: number;
	free_seconds: number;
	name: string;
	min_callpackusage: number;
	max_callpackusage: number;
	internal_code: string;
	direction: string;
}

export interface RateCard {
	ctgid: number;
	deptid: number;
	name: string;
	active: 0 | 1;
	billing_increment: number | null;
	tags: string;
	international_markup_percent: number | null;
	callTypes: RateItem[];
	date_created: string;
	date_modified: string;
}

export interface CallType {
	ctid: number;
	name: string;
	internal_code: string;
	direction: 'inbound' | 'outbound';
	application: string;
	clid_regex: string;
	dest_regex: string;
	account_regex: string;
	priority: number;
	tags: string;
}

const CREATED = '2026-01-15 09:30:00';

export function seedServiceTypes(): ServiceType[] {
	const rows: Array<[string, number, number, number, string, number]> = [
		['NBN 100/20', 79.95, 0, 1, 'Internet', 24],
		['Mobile 20GB', 35, 1, 1, 'Mobile', 12],
		['SIP Trunk', 49.5, 1, 0, 'Voice', 36],
		['NBN 50/20', 69.95, 0, 1, 'Internet', 12],
		['Hosted PBX Seat', 25, 1, 0, 'Voice', 24],
		['Static IP', 10, 0, 1, 'Internet', 0],
	];
	return rows.map(
		(
			[typeofservice, list_price, calls_service, data_service, reporting_category, contract_months],
			i,
		) => ({
			esid: i + 1,
			typeofservice,
			list_price,
			wholesale_price: Math.round(list_price * 60) / 100,
			reseller_price: Math.round(list_price * 80) / 100,
			cost_price: Math.round(list_price * 50) / 100,
			calls_service,
			data_service,
			helpdesk_display: i % 2 === 0 ? 1 : 0,
			sms_postpaid: calls_service,
			invoice_type: data_service ? 'data' : 'voice',
			reporting_category,
			ratecode: calls_service ? `RC${i + 1}` : null,
			ctgid: calls_service ? 1 : null,
			contract_months,
			etf_percent: 50,
			default_call_types: calls_service ? [1, 2] : [],
		}),
	);
}

export function seedProducts(): Product[] {
	const rows: Array<[string, string, number, string]> = [
		['Wi-Fi 6 Router', 'RTR-AX3000', 149, 'Hardware'],
		['Installation Fee', 'SVC-INSTALL', 99, 'Services'],
		['Early Termination Fee', 'SVC-ETF', 0, 'Fees'],
		['SIM Card', 'SIM-4G', 5, 'Hardware'],
		['IP Handset', 'PH-T54W', 189, 'Hardware'],
	];
	return rows.map(([title, partnumber, ex_tax_amount, category_name], i) => ({
		pid: i + 1,
		title,
		partnumber,
		description: `${title} (${partnumber})`,
		ex_tax_amount,
		cost: Math.round(ex_tax_amount * 55) / 100,
		taxrate: 10,
		category_name,
		catid: ['Hardware', 'Services', 'Fees'].indexOf(category_name) + 1,
		vid: 1,
		manufacturer: category_name === 'Hardware' ? 'Acme Networks' : '',
		model: category_name === 'Hardware' ? partnumber : '',
	}));
}

export function seedCallTypes(): CallType[] {
	return [
		{
			ctid: 1,
			name: 'Local',
			internal_code: 'LOC',
			direction: 'outbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '^0[2378]\\d{8}$',
			account_regex: '.*',
			priority: 10,
			tags: '',
		},
		{
			ctid: 2,
			name: 'Mobile',
			internal_code: 'MOB',
			direction: 'outbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '^04\\d{8}$',
			account_regex: '.*',
			priority: 10,
			tags: '',
		},
		{
			ctid: 3,
			name: 'International',
			internal_code: 'INT',
			direction: 'outbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '^0011\\d+$',
			account_regex: '.*',
			priority: 20,
			tags: 'intl',
		},
		{
			ctid: 4,
			name: '13/1300',
			internal_code: 'S13',
			direction: 'outbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '^13\\d{4,8}$',
			account_regex: '.*',
			priority: 15,
			tags: '',
		},
		{
			ctid: 5,
			name: 'Inbound 1800',
			internal_code: 'IN18',
			direction: 'inbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '^1800\\d{6}$',
			account_regex: '.*',
			priority: 10,
			tags: '',
		},
		{
			ctid: 6,
			name: 'Voicemail',
			internal_code: 'VM',
			direction: 'outbound',
			application: 'voicemail',
			clid_regex: '.*',
			dest_regex: '.*',
			account_regex: '.*',
			priority: 30,
			tags: '',
		},
		{
			ctid: 7,
			name: 'Any Outbound',
			internal_code: 'ANY',
			direction: 'outbound',
			application: '',
			clid_regex: '.*',
			dest_regex: '.*',
			account_regex: '.*',
			priority: 1,
			tags: '',
		},
	];
}

function rate(
	id: number,
	ctgid: number,
	ctid: number,
	name: string,
	values: Partial<RateItem>,
): RateItem {
	return {
		id,
		ctgid,
		ctid,
		fixedrate: 0,
		ratepermin: 0,
		flagfall: 0,
		min_cost: 0,
		max_cost: 0,
		free_seconds: 0,
		name,
		min_callpackusage: -1,
		max_callpackusage: -1,
		internal_code: name.slice(0, 3).toUpperCase(),
		direction: 'outbound',
		...values,
	};
}

export function seedRateCards(deptid: number, firstId: number): RateCard[] {
	const base = firstId;
	return [
		{
			ctgid: base,
			deptid,
			name: 'Standard Business',
			active: 1,
			billing_increment: 60,
			tags: 'business',
			international_markup_percent: 0,
			date_created: CREATED,
			date_modified: CREATED,
			callTypes: [
				rate(base * 100 + 1, base, 1, 'Local', { fixedrate: 1, ratepermin: 0.22 }),
				rate(base * 100 + 2, base, 2, 'Mobile', { ratepermin: 0.18, flagfall: 0.1 }),
				rate(base * 100 + 3, base, 3, 'International', {
					ratepermin: 1.2,
					flagfall: 0.25,
					min_cost: 0.5,
					max_cost: 20,
				}),
			],
		},
		{
			ctgid: base + 1,
			deptid,
			name: 'Per Second Saver',
			active: 1,
			billing_increment: 1,
			tags: '',
			international_markup_percent: 10,
			date_created: CREATED,
			date_modified: CREATED,
			callTypes: [
				rate(base * 100 + 11, base + 1, 2, 'Mobile', { ratepermin: 0.12, free_seconds: 5 }),
			],
		},
		{
			ctgid: base + 2,
			deptid,
			name: 'Legacy (inactive)',
			active: 0,
			billing_increment: 30,
			tags: '',
			international_markup_percent: null,
			date_created: CREATED,
			date_modified: CREATED,
			callTypes: [],
		},
	];
}

export function seedPriceBooks(deptid: number, firstId: number): PriceBook[] {
	return [
		{
			id: firstId,
			deptid,
			name: 'Partner Pricing',
			date_created: CREATED,
			date_modified: CREATED,
			items: [
				{
					id: firstId * 100 + 1,
					related_id: 2,
					related_type: 'service',
					override: 0,
					adjustment: 75,
				},
				{
					id: firstId * 100 + 2,
					related_id: 1,
					related_type: 'service',
					override: 1,
					adjustment: 59.95,
				},
				{
					id: firstId * 100 + 3,
					related_id: 1,
					related_type: 'product',
					override: 0,
					adjustment: 90,
				},
			],
		},
	];
}
