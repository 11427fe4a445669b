import type { ICredentialType, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { TelcoBillingApi } from '../../credentials/TelcoBillingApi.credentials';
import { TelcoBillingPortalLoginApi } from '../../credentials/TelcoBillingPortalLoginApi.credentials';
import { PACKAGE_NODES } from './packageNodes';
import { repoFile } from './repoFiles';

/*
 * The editor's Docs link (a node's codex primaryDocumentation, a credential's documentationUrl) gets n8n's
 * `?utm_source=…` appended after the whole URL, fragment included: `…operations.md#telco-billing-customer?utm…`
 * names no heading, and the page opens at its top. So every documentation URL is a page of its own, without a
 * fragment, that exists in this repository and says what the node offers.
 */

const REPOSITORY = 'https://github.com/telco-billing/n8n-nodes-telco-billing';

/** The repository file a documentation URL opens; undefined when it is not one of this repository's files. */
function fileOf(url: string): string | undefined {
	const prefix = `${REPOSITORY}/blob/main/`;
	return url.startsWith(prefix) ? url.slice(prefix.length) : undefined;
}

function codexOf(node: INodeType): {
	resources: Record<string, Array<{ url: string }>>;
} {
	const folder = node.constructor.name;
	return JSON.parse(repoFile(`nodes/${folder}/${folder}.node.json`) ?? '{}') as ReturnType<
		typeof codexOf
	>;
}

/** What the node offers, as its dropdowns name it: every operation (every event for the trigger). */
function offered(node: INodeType): string[] {
	return node.description.properties
		.filter(({ name }) => name === 'operation' || name === 'events')
		.flatMap(({ options }) => (options as INodePropertyOptions[]).map(({ name }) => name));
}

function expectAPage(url: string): string {
	expect(url).not.toContain('#');
	expect(url).not.toContain('?');
	const file = fileOf(url);
	expect(file).toMatch(/^docs\/.+\.md$/);
	const page = repoFile(file!);
	expect(page).toBeDefined();
	return page ?? '';
}

describe.each(PACKAGE_NODES.map((node) => [node.description.displayName, node] as const))(
	'%s',
	(displayName, node) => {
		test('its Docs link is a page of its own, without a fragment, naming every operation', () => {
			const { primaryDocumentation, credentialDocumentation } = codexOf(node).resources;
			expect(primaryDocumentation).toHaveLength(1);
			const page = expectAPage(primaryDocumentation[0].url);
			expect(page.split('\n')[0]).toBe(`# ${displayName}`);
			for (const name of offered(node)) expect(page).toContain(`| ${name} |`);
			for (const { url } of credentialDocumentation) expectAPage(url);
		});
	},
);

test.each([new TelcoBillingApi(), new TelcoBillingPortalLoginApi()] as ICredentialType[])(
	'the $displayName credential’s documentation is a page without a fragment, naming every field',
	(credential) => {
		const page = expectAPage(String(credential.documentationUrl));
		expect(page).toContain(credential.displayName);
		for (const { displayName } of credential.properties) expect(page).toContain(displayName);
	},
);
