// What the scripted chat model (fakeChatModel.js) does for the AI-agent example's questions, asked of the
// package's tools or of the same tools through n8n's MCP Client Tool: which tool it looks for among those n8n
// offers, how it fills that tool's parameters (by the words of each parameter's name and description, so
// nothing depends on how the workflow names them), and the answer it makes from the tool's result. Shared by
// the end-to-end test and anything else that runs the example offline.

/** The lead the second question asks for. */
const LEAD = {
	first_name: 'Dana',
	last_name: 'Lee',
	company: 'Harbour Freight',
	email: 'dana.lee@harbourfreight.example',
};

/** Today in the platform's time zone (Australia/Melbourne), as YYYY-MM-DD. */
function melbourneToday() {
	return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
}

/**
 * Fills each parameter a tool's schema asks for from the facts of the question, by the parameter's words and
 * type, as a model does: a name never goes into a number, and an optional parameter the question says nothing
 * fitting for is left out (a customer by name fills `customer`, not `customerId`).
 */
function fillFrom(facts) {
	return (parameters) => {
		const required = new Set(parameters.required ?? []);
		const filled = Object.entries(parameters.properties ?? {}).flatMap(([key, schema]) => {
			const fact = facts.find(([words]) => words.test(`${key} ${schema.description ?? ''}`));
			const value = fact && (typeof fact[1] === 'function' ? fact[1]() : fact[1]);
			const fits = value !== undefined && (schema.type !== 'number' || /^\d+$/.test(String(value)));
			if (fits) return [[key, schema.type === 'number' ? Number(value) : value]];
			if (required.has(key))
				throw new Error(`the question says nothing for the tool's parameter ${key}`);
			return [];
		});
		if (filled.length === 0) throw new Error('the question fills none of the tool’s parameters');
		return Object.fromEntries(filled);
	};
}

/**
 * The records a tool answered. n8n gives the model a node tool's output items as JSON, and an MCP Client Tool's
 * answer as `{ response: [<the MCP content>] }`, whose text parts hold the JSON the MCP server sent.
 */
function recordsOf(result) {
	return (Array.isArray(result) ? result : [result]).flatMap((r) => {
		const texts = Array.isArray(r?.response) ? r.response.filter((c) => c?.type === 'text') : [];
		if (texts.length > 0) return texts.flatMap((c) => recordsOf(JSON.parse(c.text)));
		return [r?.json ?? r];
	});
}

const firstRecord = (result) => recordsOf(result)[0] ?? {};

/** A question about a customer given by its company, as people ask: the model passes the name as it is. */
const BY_COMPANY = /^How much does (.+) owe\?$/;

const SCENARIOS = [
	{
		prompt: BY_COMPANY,
		tool: /customer balance/i,
		fill: (parameters, tool, question) =>
			fillFrom([[/customer|cid/i, BY_COMPANY.exec(question)[1]]])(parameters),
		answer: (result, question) => {
			const { cid, balance } = firstRecord(result);
			return `${BY_COMPANY.exec(question)[1]} is customer ${cid}; it owes $${Number(balance).toFixed(2)}.`;
		},
	},
	{
		prompt: /customer 1001 owe/,
		tool: /customer balance/i,
		fill: fillFrom([[/customer|cid/i, '1001']]),
		answer: (result) => `Customer 1001 owes $${Number(firstRecord(result).balance).toFixed(2)}.`,
	},
	{
		prompt: /Add a lead/,
		tool: /create a lead/i,
		fill: fillFrom([
			[/first/i, LEAD.first_name],
			[/last/i, LEAD.last_name],
			[/company/i, LEAD.company],
			[/email/i, LEAD.email],
		]),
		answer: (result) =>
			`Added ${LEAD.first_name} ${LEAD.last_name} as lead ${firstRecord(result).id}.`,
	},
	{
		prompt: /owe us money today/,
		tool: /receivables/i,
		fill: fillFrom([[/date/i, melbourneToday]]),
		answer: (result) => {
			const rows = recordsOf(result);
			const total = rows.reduce((sum, row) => sum + Number(row.balance), 0);
			return `${rows.length} customers owe $${total.toFixed(2)} in all: ${rows.map((r) => r.cid).join(', ')}.`;
		},
	},
];

module.exports = { LEAD, SCENARIOS, melbourneToday };
