import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { melbourneNow } from './melbourne';

/** The newer endpoints' failure shape. */
export function fail(description: string) {
	return { success: false, description };
}

export function deptOf(request: FastifyRequest): number {
	return request.apiKey.data.department;
}

export function money(value: number, decimals = 2): string {
	return value.toFixed(decimals);
}

/** The platform's today: Melbourne's date, whatever zone the simulator runs in. */
export function today(): string {
	return melbourneNow().slice(0, 10);
}

/** First zod issue, as the platform would word it: `<field> <problem>`. */
export function firstIssue(error: z.ZodError): string {
	const issue = error.issues[0];
	const field = issue.path.join('.') || 'body';
	return `${field} ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
export const text = z.union([z.string(), z.number()]).transform(String);

/**
 * `cid` in a request body: the spec types it as an integer there (only a path's {cid} may be an
 * account_id or crm_id).
 */
export const bodyCid = z
	.number({
		invalid_type_error: 'must be an integer (the customer id)',
		required_error: 'is required',
	})
	.int('must be an integer (the customer id)')
	.positive('must be an integer (the customer id)');
