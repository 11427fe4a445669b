import type { INodeProperties } from 'n8n-workflow';

/** A dropdown loaded from the platform: the catalogue's ids are picked, not typed. */
export const loaded = (
	displayName: string,
	name: string,
	method: string,
	what: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	typeOptions: { loadOptionsMethod: method },
	required: true,
	default: '',
	description: `${what}. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
});
