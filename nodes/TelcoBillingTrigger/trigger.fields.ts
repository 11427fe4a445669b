import type { INodeProperties } from 'n8n-workflow';

export const triggerFields: INodeProperties[] = [
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: [
			{
				name: 'Campaign Finished',
				value: 'campaignFinished',
				action: 'On campaign finished',
				description: 'A campaign completed or was cancelled',
			},
			{
				name: 'Campaign Status Changed',
				value: 'campaignStatusChanged',
				action: 'On campaign status changed',
				description: 'A campaign moved to another status',
			},
			{
				name: 'CDR Feed Stale',
				value: 'cdrFeedStale',
				action: 'On CDR feed stale',
				description: 'A source’s latest imported call is older than the threshold: once per stall',
			},
			{
				name: 'CDRs Imported',
				value: 'cdrsImported',
				action: 'On CDRs imported',
				description: 'A source’s latest imported call date moved forward',
			},
			{
				name: 'CDRs Rated',
				value: 'cdrsRated',
				action: 'On CDRs rated',
				description: 'A source’s latest rated call date moved forward',
			},
			{
				name: 'New Campaign',
				value: 'newCampaign',
				action: 'On new campaign',
				description: 'A bulk email campaign was created',
			},
		],
		default: ['campaignFinished'],
	},
	{
		displayName: 'Only Into Statuses',
		name: 'statuses',
		type: 'multiOptions',
		options: [
			{ name: 'Cancelled', value: 'cancelled' },
			{ name: 'Completed', value: 'completed' },
			{ name: 'Pending', value: 'pending' },
			{ name: 'Queued', value: 'queued' },
			{ name: 'Sending', value: 'sending' },
		],
		default: [],
		description:
			'Fire Campaign Status Changed only when the new status is one of these; none ' +
			'chosen: every change',

		displayOptions: { show: { events: ['campaignStatusChanged'] } },
	},
	{
		displayName: 'Stale After (Hours)',
		name: 'staleHours',
		type: 'number',
		default: 2,
		typeOptions: { minValue: 0.1, numberPrecision: 1 },
		description:
			'A source is stale when its latest imported call is older than this, in platform ' +
			'(Melbourne) time',

		displayOptions: { show: { events: ['cdrFeedStale'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Campaign IDs',
				name: 'campaignIds',
				type: 'string',
				default: '',
				placeholder: 'e.g. 501, 502',
				description: 'Watch only these campaigns (comma-separated); empty: all',
			},
			{
				displayName: 'CDR Source Names or IDs',
				name: 'sources',
				type: 'multiOptions',
				typeOptions: { loadOptionsMethod: 'getCdrSources' },
				default: [],
				description:
					'Watch only these CDR sources; none chosen: all. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			},
			{
				displayName: 'Request Timeout (Seconds)',
				name: 'timeout',
				type: 'number',
				default: 30,
				typeOptions: { minValue: 1 },
				description: 'A poll whose requests take longer fails, and the next poll catches up',
			},
		],
	},
];
