import { everything, PORTAL, SANDBOX_LOGIN, useAccount } from '../kits/account';
import { DEMO_KEY } from '../harness/nodeRunner';
import { rewritingProxy } from '../harness/rewriteProxy';
const { node, run } = useAccount();

// Review: get-key answers with the department's API key. A PHP platform that prints a notice before its JSON
// (a deprecation after an upgrade: "<br />\n<b>Deprecated</b>: …") makes the answer an HTML fragment, which the
// node quotes in its error. The key in it must be removed there as everywhere: it is this credential's key.

const NOTICE =
	'<br />\n<b>Deprecated</b>:  Creation of dynamic property Key::$data is deprecated in ' +
	'<b>/var/www/billing/app/Key.php</b> on line <b>12</b><br />\n';

test.each([[false], [true]])(
	'a get-key answer with a PHP notice before its JSON does not put the API key in the error (Continue: %s)',
	async (continueOnFail) => {
		const proxy = await rewritingProxy(
			() => node.sim().url,
			(method, url) => url.startsWith('/get-key/'),
			(body) => `${NOTICE}${JSON.stringify(body)}`,
		);
		try {
			const result = await run(
				'verifyLogin',
				{},
				{
					otherCredentials: { [PORTAL]: { baseUrl: proxy.url, ...SANDBOX_LOGIN } },
					continueOnFail,
				},
			);
			const shown = everything(result);
			// The answer was read: the notice is quoted, so the fragment reached the error.
			expect(shown).toMatch(/Deprecated/);
			expect(shown).not.toContain(DEMO_KEY);
			expect(shown).not.toContain(SANDBOX_LOGIN.password);
		} finally {
			await proxy.close();
		}
	},
);
