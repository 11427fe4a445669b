import type { IDataObject } from 'n8n-workflow';

// A Dry Run of Create or Update: what each row would do, said as such.

const WOULD: Record<string, string> = {
	created: 'wouldCreate',
	updated: 'wouldUpdate',
	rewritten: 'wouldRewrite',
};

/** A Dry Run's item: what the row would do, said as such; an unchanged row is unchanged either way. */
export function previewed(done: IDataObject): IDataObject {
	const action = WOULD[String(done.action)] ?? done.action;
	const { written, ...rest } = done;
	return { ...rest, action, dryRun: true, ...(written ? { wouldWrite: written } : {}) };
}
