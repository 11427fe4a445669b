import Fastify from 'fastify';
import { useReport } from '../kits/report';
import { parseCsv } from './csv';
import { shownTable } from './table';
const { node, report } = useReport();

// Some reports add a column for each of the platform's own service types or fees, named by the platform's data.
// A column called "constructor", "toString" or "valueOf" is a column: looked up in the node's heading tables it
// found Object's own function, and the file output failed ("quoted.replace is not a function"); a row without
// that column showed the function's text in its cell.

const ODD = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];
// Raw JSON, so a "__proto__" column arrives as the platform wrote it (an own key, as JSON.parse makes it).
const ANSWER =
	'{"succes":true,"data":[' +
	`{"sales_person":"Ann","total_sales":2,"monthly_fees":"120.00",${ODD.map((c) => `"${c}":"x-${c}"`).join(',')},"__proto__":"p"},` +
	'{"sales_person":"Bob","total_sales":1,"monthly_fees":"59.95"}]}';

const server = Fastify({ logger: false, forceCloseConnections: true });
let url = '';
server.post('/*', async (_request, reply) => reply.type('application/json').send(ANSWER));
beforeAll(async () => {
	url = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => await server.close());

test.each(['csv', 'html'])(
	'a report file with columns the platform named like Object’s own members (%s): each a column, its cells as given',
	async (fileFormat) => {
		const result = await node.run(
			report({
				report: 'newServicesSalesPersonSummary',
				when: 'last month',
				output: 'file',
				fileFormat,
			}),
			{ baseUrl: url },
		);
		expect(result.error).toBeUndefined();
		const table = shownTable(result.items[0].json.html as string);
		for (const column of ODD) {
			const at = table.headings.findIndex(
				(h) => h.toLowerCase().replace(/ /g, '') === column.toLowerCase(),
			);
			expect([column, at >= 0]).toEqual([column, true]);
			expect(table.rows.map((row) => row[at])).toEqual([`x-${column}`, '']);
		}
		expect(table.rows.flat().join(' ')).not.toMatch(/function|native code|\[object/);
		if (fileFormat === 'csv') {
			const csv = Buffer.from(result.items[0].binary!.data.data, 'base64').toString('utf8');
			const [headings, ...lines] = parseCsv(csv);
			expect(headings).toEqual(table.headings);
			expect(lines).toEqual(table.rows);
		}
	},
);
