import Fastify from 'fastify';
import { useReport } from '../kits/report';
import { jsonOf } from '../harness/nodeRunner';
const { node, report } = useReport();

// Report → Other runs a report the spec does not list, by the name the user types. The name is data: a
// platform's own report may be called anything, "constructor" or "toString" too, and the node's tables of the
// documented reports (their columns, their money) must answer "not one of mine" for it, never Object's own
// function (which made the node fail with "is not iterable" on the platform's rows).

const NAMES = ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf'];
const ROWS = [
	{ description: 'Setup', amount: '12.50' },
	{ description: 'Refund', amount: '-5.00' },
];

const server = Fastify({ logger: false, forceCloseConnections: true });
let url = '';
const asked: string[] = [];
server.post('/*', async (request) => {
	asked.push((request.body as { report: string }).report);
	return { succes: true, data: ROWS };
});
beforeAll(async () => {
	url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => await server.close());

const run = (name: string, output: string) =>
	node.run(report({ report: 'other', reportName: name, when: 'last month', output }), {
		baseUrl: url,
	});

/** What the node gives for a name no table holds, as any user's own report (the control). */
const CONTROL = 'invoiceSummary';

describe.each(['rows', 'allRows', 'file'])('Output %s', (output) => {
	test.each(NAMES)(
		'a report named %s comes out as any other report of the platform’s own',
		async (name) => {
			const control = await run(CONTROL, output);
			expect(control.error).toBeUndefined();
			const result = await run(name, output);
			expect(result.error).toBeUndefined();
			expect(asked.at(-1)).toBe(name);
			if (output === 'file') {
				const text = (r: typeof result) =>
					Buffer.from(r.items[0].binary!.data.data, 'base64').toString('utf8');
				expect(text(result)).toEqual(text(control));
				expect(text(result)).toContain('Refund');
			} else expect(jsonOf(result)).toEqual(jsonOf(control));
			if (output === 'rows')
				expect(jsonOf(result)).toEqual(ROWS.map((row) => ({ ...row, amount: Number(row.amount) })));
		},
	);
});
