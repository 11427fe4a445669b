import { useCampaign } from '../kits/campaign';
const { node, rows } = useCampaign();

describe('filter dropdowns', () => {
	test('fields, then the options of the select field chosen in the same row', async () => {
		const fields = (await node.options('loadOptions.getFilterFields')) as Array<{
			name: string;
			value: string;
		}>;
		expect(fields).toContainEqual({ name: 'Account state (select)', value: 'account_state' });
		const parameters = {
			resource: 'campaign',
			operation: 'preview',
			filters: rows({ field: 'suburb' }, { field: 'account_state' }),
		};
		const options = await node.options(
			'loadOptions.getFilterValues',
			parameters,
			undefined,
			'parameters.filters.rows[1].option',
		);
		expect(options).toEqual([
			{ name: 'Normal', value: '' },
			{ name: 'Suspended', value: 'Suspended' },
			{ name: 'Disconnected', value: 'Disconnected' },
		]);
		expect(
			await node.options(
				'loadOptions.getFilterValues',
				parameters,
				undefined,
				'parameters.filters.rows[0].option',
			),
			// A text field has no options: one entry says to use Value, so the editor shows no issue.
		).toEqual([{ name: 'None: Fill in Value Below', value: '' }]);
	});
});
