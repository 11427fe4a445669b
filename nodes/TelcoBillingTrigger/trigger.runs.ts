import type { IPollFunctions } from 'n8n-workflow';

// n8n starts a workflow's next poll even while the previous one still runs. Module-level, so it is shared
// by every Workflow object n8n builds for the same workflow in this process.
const running = new Set<string>();

function keyOf(context: IPollFunctions): string {
	return `${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;
}

/** Runs `poll` unless a poll of the same workflow and node is running: then returns null at once. */
export async function exclusively<T>(context: IPollFunctions, poll: () => Promise<T>): Promise<T | null> {
	const key = keyOf(context);
	if (running.has(key)) {
		context.logger.debug('Telco Billing Trigger: the previous poll is still running; this one is skipped');
		return null;
	}
	running.add(key);
	try {
		return await poll();
	} finally {
		running.delete(key);
	}
}
