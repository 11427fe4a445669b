import { ACCOUNT } from './account';
import { BULK_EMAIL } from './bulkEmail';
import { CALL_RECORD } from './callRecord';
import { CATALOG } from './catalog';
import { CRM } from './crm';
import { CUSTOMER } from './customer';
import { REPORT } from './report';
import { SERVICE } from './service';
import type { Endpoint } from './types';
import { nameOf } from './types';

/**
 * The spec (billing-platform-api.md, 4.3.0) in one place: every endpoint of its endpoint table, with its body,
 * query and answer as the spec shows them, one file per part of the API. The conformance guard, the
 * simulator's request schemas, the coverage test and the counts the docs print are all read from here.
 */
export const SPEC: Endpoint[] = [
	...ACCOUNT,
	...CUSTOMER,
	...SERVICE,
	...CATALOG,
	...CALL_RECORD,
	...BULK_EMAIL,
	...CRM,
	...REPORT,
];

const BY_NAME = new Map(SPEC.map((endpoint) => [nameOf(endpoint), endpoint]));

/** The entry named `METHOD /path` as the endpoint table writes it; an unknown name is a mistake, thrown. */
export function entry(name: string): Endpoint {
	const found = BY_NAME.get(name);
	if (!found) throw new Error(`${name} is not an endpoint of the spec source (test/spec/)`);
	return found;
}

export type { Endpoint } from './types';
export { nameOf } from './types';
