import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * How long a request may take when the node does not say: n8n's own default for its HTTP requests, given
 * explicitly so that a timeout's error can name it.
 */
export const DEFAULT_TIMEOUT_SECONDS = 300;

/**
 * The node-wide Request Options every action node offers, in the words n8n's HTTP nodes use. The nodes run their
 * own item loop, so n8n's declarative Request Options do not apply to them; these are read once per run and
 * given to every request of it (RequestSettings).
 */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			default: DEFAULT_TIMEOUT_SECONDS,
			typeOptions: { minValue: 1 },
			description:
				'How long each request to the platform may take before it fails. A read is tried again; a write ' +
				'that times out may or may not have been carried out, and is reported so.',
		},
	],
};

/** What a node run's requests carry from its Request Options. */
export interface RequestOptions {
	/** Milliseconds each request may take. */
	timeoutMs: number;
}

// One read per node run, whichever request asks first: a parameter read evaluates its expression each time.
const read = new WeakMap<object, RequestOptions>();

/** The node's Request Options (item 0's: they are the node's, not an item's). */
export function requestOptionsOf(context: IExecuteFunctions): RequestOptions {
	const earlier = read.get(context);
	if (earlier) return earlier;
	let given: IDataObject = {};
	try {
		given = context.getNodeParameter('requestOptions', 0, {}) as IDataObject;
	} catch {
		// A node without the collection (or no input item to read it for) runs with the defaults.
	}
	const seconds = Number(given.timeout);
	const options = {
		timeoutMs: (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS) * 1000,
	};
	read.set(context, options);
	return options;
}
