/** One generated CRM contact, and what it is meant to test. */
export interface CrmContact {
	row: Record<string, string | number | null>;
	intent: Record<string, unknown>;
}
export const CONTACTS: number;
export function crmContacts(seed?: number): CrmContact[];
export function insertSql(rows: Array<Record<string, unknown>>): string;
export function literal(value: unknown): string;
export function newContacts(
	tag: string,
	count: number,
	options?: { shared?: number; coastal?: number; blank?: number; seed?: number },
): CrmContact[];
