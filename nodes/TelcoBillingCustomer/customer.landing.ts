import { clock } from '../shared/transport/clock';
import type { Request } from '../shared/operation/request';

/*
 * Creates by this n8n process's executions of Create or Update that got no answer and may still land on the
 * platform, by platform, department and email: until the time each would have landed by, no execution of this process
 * creates a customer with that email, since another execution's search cannot see a create still under way.
 * Checked before use (only until its time), and bounded: at most MAX_ENTRIES, the oldest going first.
 */

const MAX_ENTRIES = 10_000;

const landing = new Map<string, number>();

/**
 * The platform's Base URL (as the credential gives it), the department (a digest keyed with its API key: never
 * the key) and the email, ignoring case: one key a customer.
 */
export function landingKey(request: Request, email: string): string {
	const platform = String(request.platform ?? '')
		.trim()
		.replace(/\/+$/, '');
	return `${platform}\n${request.digest?.('department') ?? ''}\n${email.trim().toLowerCase()}`;
}

/** A create of this email got no answer: it may land until `landsBy` (the package's clock). */
export function mayLand(key: string, landsBy: number): void {
	landing.delete(key);
	landing.set(key, landsBy);
	for (const oldest of landing.keys()) {
		if (landing.size <= MAX_ENTRIES) break;
		landing.delete(oldest);
	}
}

/** When a create of this email made in this process may still land by, if it may. */
export function stillLanding(key: string): number | undefined {
	const landsBy = landing.get(key);
	if (landsBy === undefined) return undefined;
	if (landsBy > clock().now()) return landsBy;
	landing.delete(key);
	return undefined;
}
