import type { IExecuteFunctions } from 'n8n-workflow';
import { switchParameter } from '../shared/operation/parameters';
import { cdrFields } from './cdr.fields';

/**
 * A switch of the Call Record node (Treat Duplicate as Success, Include Inactive) read by the one rule every
 * switch is read by: mapped as "false" it is off, and a value that is neither true nor false is refused naming it.
 */
export function cdrSwitch(context: IExecuteFunctions, name: string, itemIndex: number): boolean {
	return switchParameter(context, cdrFields, name, itemIndex);
}
