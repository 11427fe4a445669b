import type { RecordShape, ShapesBy } from '../shared/operation/operations';
import { reportFields } from '../shared/platform/reportFacts';

// The reports whose rows have more than ten fields (the spec's row lists, shared/platform/reportFacts.ts): the row's
// id and the ten Simplify keeps.
const SIMPLIFIED: Record<string, Omit<RecordShape, 'fields'>> = {
	endedServicesDetailed: {
		id: 'enid',
		simplified: [
			'customer',
			'service_type',
			'monthly_fee',
			'start_date',
			'end_date',
			'cancellation_request_date',
			'churn_reason',
			'avg_service_spend',
			'Account Manager',
		],
	},
	salesInvoiceDetail: {
		id: 'iid',
		simplified: [
			'cid',
			'company',
			'name',
			'surname',
			'email',
			'total',
			'duedate',
			'dept_name',
			'abn',
		],
	},
	customerNewDetails: {
		id: 'cid',
		simplified: [
			'company',
			'monthly_fees',
			'setup_fees',
			'bundle_fees',
			'expected_revenue',
			'min_spend',
			'contract_length',
			'service_types',
			'billinggroup',
		],
	},
};

export const REPORT_SHAPES: ShapesBy = {
	parameter: 'report',
	shapes: Object.fromEntries(
		Object.entries(SIMPLIFIED).map(([report, shape]) => [
			report,
			{ ...shape, fields: reportFields(report) ?? [] },
		]),
	),
};
