import type { INodeType } from 'n8n-workflow';
import { TelcoBillingCustomer } from '../../nodes/TelcoBillingCustomer/TelcoBillingCustomer.node';
import { TelcoBillingService } from '../../nodes/TelcoBillingService/TelcoBillingService.node';
import { TelcoBillingCatalog } from '../../nodes/TelcoBillingCatalog/TelcoBillingCatalog.node';
import { TelcoBillingCallRecord } from '../../nodes/TelcoBillingCallRecord/TelcoBillingCallRecord.node';
import { TelcoBillingBulkEmail } from '../../nodes/TelcoBillingBulkEmail/TelcoBillingBulkEmail.node';
import { TelcoBillingTrigger } from '../../nodes/TelcoBillingTrigger/TelcoBillingTrigger.node';
import { TelcoBillingReport } from '../../nodes/TelcoBillingReport/TelcoBillingReport.node';
import { TelcoBillingCrm } from '../../nodes/TelcoBillingCrm/TelcoBillingCrm.node';
import { TelcoBillingQualification } from '../../nodes/TelcoBillingQualification/TelcoBillingQualification.node';
import { TelcoBillingAccount } from '../../nodes/TelcoBillingAccount/TelcoBillingAccount.node';
import { TelcoBillingReportTrigger } from '../../nodes/TelcoBillingReportTrigger/TelcoBillingReportTrigger.node';
import pkg from '../../package.json';
import { loadNodeOptions, shutdownEngine } from '../harness/engine';
import { closedAddress, ECHO_MODES, KEY, leaks, startEchoServer } from '../harness/leaks';
import type { EchoServer } from '../harness/leaks';
const nodeTypes: INodeType[] = [
	TelcoBillingCustomer,
	TelcoBillingService,
	TelcoBillingCatalog,
	TelcoBillingCallRecord,
	TelcoBillingBulkEmail,
	TelcoBillingTrigger,
	TelcoBillingReport,
	TelcoBillingCrm,
	TelcoBillingQualification,
	TelcoBillingAccount,
	TelcoBillingReportTrigger,
].map((NodeClass) => new NodeClass());
/** The dropdown and list-search methods a node's parameters use, found at any depth of its properties. */
function referencedMethods(value: unknown, found = new Set<string>()): Set<string> {
	if (Array.isArray(value)) value.forEach((entry) => referencedMethods(entry, found));
	else if (typeof value === 'object' && value !== null) {
		for (const [key, entry] of Object.entries(value)) {
			if (key === 'loadOptionsMethod' && typeof entry === 'string')
				found.add(`loadOptions.${entry}`);
			else if (key === 'searchListMethod' && typeof entry === 'string')
				found.add(`listSearch.${entry}`);
			else referencedMethods(entry, found);
		}
	}
	return found;
}

// The Report's Order By columns come from the spec's table, not from a request.
const LOCAL_METHODS = ['loadOptions.getReportColumns'];

// Every dropdown and list search the editor can call on every node that asks the platform.
const methods = nodeTypes.flatMap((nodeType) =>
	[...referencedMethods(nodeType.description.properties)]
		.filter((method) => !LOCAL_METHODS.includes(method))
		.map((method) => ({
			label: `${nodeType.description.name} ${method}`,
			nodeType,
			method,
		})),
);

// The bundle dropdown reads the customer of a bundle operation; the filter dropdown the row's field.
const parameters = {
	resource: 'bundle',
	operation: 'get',
	cid: { __rl: true, mode: 'id', value: '1002' },
	filters: { rows: [{ field: 'account_state' }] },
};
let echo: EchoServer;
beforeAll(async () => {
	echo = await startEchoServer();
});
afterAll(async () => {
	await echo.close();
	await shutdownEngine();
});
async function failureOf(
	nodeType: INodeType,
	method: string,
	baseUrl: string,
): Promise<Error & { description?: string }> {
	// The filter-value dropdown reads the field chosen in its own row.
	const path = method.endsWith('getFilterValues') ? 'parameters.filters.rows[0].option' : undefined;
	const call = loadNodeOptions({
		nodeType,
		method,
		parameters,
		filter: 'abc',
		path,
		credentials: { baseUrl, apiKey: KEY },
	});
	return (await call.then(
		() => undefined,
		(error: unknown) => error,
	)) as Error & { description?: string };
}

test('every node the package registers is covered', () => {
	expect(nodeTypes.map((nodeType) => nodeType.constructor.name).sort()).toEqual(
		pkg.n8n.nodes.map((file) => file.split('/')[2]).sort(),
	);
});

test('every method a parameter names exists, and all of them are covered', () => {
	for (const { nodeType, method } of methods) {
		const [kind, name] = method.split('.') as ['loadOptions' | 'listSearch', string];
		expect(typeof nodeType.methods?.[kind]?.[name]).toBe('function');
	}
	expect(new Set(methods.map((m) => m.method.split('.')[1]))).toEqual(
		new Set([
			'getServiceTypes',
			'getCallRateCards',
			'getProducts',
			'getPriceBooks',
			'getCallTypes',
			'getCdrSources',
			'getFilterFields',
			'getFilterValues',
			'getCustomerBundles',
			'searchCustomers',
			'searchServices',
		]),
	);
});

describe.each(methods)('$label', ({ nodeType, method }) => {
	test.each(ECHO_MODES)(
		'fails without the key against a server echoing the path (%s)',
		async (mode) => {
			echo.mode = mode;
			echo.paths = [];
			const error = await failureOf(nodeType, method, echo.url);
			expect(echo.paths[0]).toContain(encodeURIComponent(KEY));
			expect(error).toBeInstanceOf(Error);
			expect(error.message).toMatch(/billing platform|unknown endpoint/);
			expect(leaks(error)).toEqual([]);
		},
	);

	test('fails without the key when nothing listens, and says it could not connect', async () => {
		const error = await failureOf(nodeType, method, await closedAddress());
		expect(error.description).toMatch(/could not connect/i);
		expect(leaks(error)).toEqual([]);
	});
});
