import { Container } from '@n8n/di';
import { shutdownEngine } from '../harness/engine';
import { setSsrfEnvironment } from './environment';

// n8n-core sends every request through @n8n/backend-network, where SSRF protection lives, from the 2.x
// releases that depend on it (2.41 does; 2.8.1, the devDependency, sends through axios directly).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const engine = require('n8n-core/package.json') as {
	version: string;
	dependencies?: Record<string, string>;
};

/** Whether the engine the suite runs on has n8n's SSRF protection (N8N_SSRF_PROTECTION_ENABLED). */
export const ENGINE_HAS_SSRF = Boolean(engine.dependencies?.['@n8n/backend-network']);

/**
 * A describe block for tests that need the protection: skipped, with the reason in its name, on an engine
 * without it (`npm test` runs n8n-core 2.8.1; `npm run test:engine:newest` runs 2.41, where it runs).
 */
export function describeSsrf(name: string, body: () => void): void {
	if (ENGINE_HAS_SSRF) describe(name, body);
	else
		describe.skip(
			`${name} [skipped: n8n-core ${engine.version} has no SSRF protection; npm run test:engine:newest runs it]`,
			body,
		);
}

/**
 * n8n's SSRF settings for the enclosing describe block, as an administrator sets them: environment variables,
 * read when n8n's services are made (so they are made anew, before and after). Every other setting is unset.
 */
export function useSsrfSettings(settings: Record<string, string>): void {
	let saved: Record<string, string | undefined> = {};
	beforeAll(async () => {
		await shutdownEngine();
		saved = setSsrfEnvironment(settings);
		Container.reset();
	});
	afterAll(async () => {
		await shutdownEngine();
		setSsrfEnvironment(saved);
		Container.reset();
	});
}
