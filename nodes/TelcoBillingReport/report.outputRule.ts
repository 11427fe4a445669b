import { isBlank } from '../shared/input/rules';
import type { Rule } from '../shared/input/rules';

export const OUTPUTS = ['allRows', 'file', 'rows'];
export const FILE_FORMATS = ['csv', 'html'];

/** An Output (or File Format) from an expression is one the node knows, checked before the report runs. */
export const outputRule: Rule = (input) => {
	const output = String(input.param('output', 'rows'));
	if (!OUTPUTS.includes(output)) return `Output (output) must be one of: ${OUTPUTS.join(', ')}`;
	if (output !== 'file') return undefined;
	const format = String(input.param('fileFormat', 'csv'));
	if (!FILE_FORMATS.includes(format))
		return `File Format (fileFormat) must be one of: ${FILE_FORMATS.join(', ')}`;
	if (isBlank(String(input.param('binaryPropertyName', 'data')).trim()))
		return 'Put Output File in Field (binaryPropertyName) is required';
	return undefined;
};
