import type { IPollFunctions } from 'n8n-workflow';

/** What a poll needs to know about the other polls of its workflow, which n8n does not tell it. */

// n8n starts a workflow's next poll even while the previous one still runs. Module-level, so it is shared
// by every Workflow object n8n builds for the same workflow in this process.
const running = new Set<string>();

function keyOf(context: IPollFunctions): string {
	return `${context.getWorkflow().id ?? ''}\u0000${context.getNode().id}`;
}

/** Runs `poll` unless a poll of the same workflow and node is running: then returns null at once. */
export async function exclusively<T>(
	context: IPollFunctions,
	poll: () => Promise<T>,
): Promise<T | null> {
	const key = keyOf(context);
	if (running.has(key)) {
		context.logger.debug(
			'Telco Billing Trigger: the previous poll is still running; this one is skipped',
		);
		return null;
	}
	running.add(key);
	try {
		return await poll();
	} finally {
		running.delete(key);
	}
}

// n8n builds a new Workflow object, with new static data objects, at each activation (and restart).
const polled = new WeakSet<object>();

/**
 * Whether this is the first poll of this activation, the one n8n runs itself and whose failure fails the
 * activation; marks it polled. n8n's durable scheduler (2.32+) runs every poll as a task on a Workflow object
 * of its own, in activation mode 'update', and a failed task is an error execution and a backoff: none of
 * those is an activation's first poll (a user's republish, also 'update', shows its failure to the user).
 */
export function firstOfActivation(context: IPollFunctions): boolean {
	const data = context.getWorkflowStaticData('node');
	const first = !polled.has(data);
	polled.add(data);
	return first && context.getActivationMode() !== 'update';
}

// The static data object of the newest activation that polled, per workflow and node. Deactivating does not
// stop a running poll: it ends in the old Workflow object, whose state the new activation never sees.
const newest = new Map<string, object>();

/** Marks this poll's activation as the newest of its workflow and node. */
export function claimActivation(context: IPollFunctions): void {
	newest.set(keyOf(context), context.getWorkflowStaticData('node'));
}

/**
 * Whether a newer activation has polled since this poll began: its result must then be dropped, as the new
 * activation started from the state before it and will see the same changes.
 */
export function superseded(context: IPollFunctions): boolean {
	return newest.get(keyOf(context)) !== context.getWorkflowStaticData('node');
}
