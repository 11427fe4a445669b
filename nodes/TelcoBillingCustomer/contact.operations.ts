import type { INodeProperties } from 'n8n-workflow';
import { bodyField, collection } from '../shared/tableNode/describe';
import type { Operation, RecordShape } from '../shared/operation/operations';

// Simplified (a new node's default, and a tool's): the person and how to reach them, not their date of birth.
const CONTACT: RecordShape = {
	id: 'id',
	simplified: ['first_name', 'last_name', 'email', 'phone', 'mobile'],
	fields: ['first_name', 'middle_name', 'last_name', 'gender', 'dob', 'email', 'phone', 'mobile'],
};
import { cidField } from './customer.fields';

const contactIdField: INodeProperties = {
	displayName: 'Contact ID',
	name: 'contactId',
	type: 'string',
	required: true,
	default: '',
	description: 'ID of the contact, as returned by Get Many or Create',
};

const contactFields: INodeProperties[] = [
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
	},
	{ displayName: 'First Name', name: 'first_name', type: 'string', default: '' },
	{ displayName: 'Last Name', name: 'last_name', type: 'string', default: '' },
	{ displayName: 'Mobile', name: 'mobile', type: 'string', default: '' },
	{ displayName: 'Phone', name: 'phone', type: 'string', default: '' },
].map((field) => bodyField({ ...field, type: 'string' }));

export const contactOperations: Operation[] = [
	{
		value: 'getAll',
		name: 'Get Many',
		action: 'Get many contacts of a customer',
		description: 'List the contacts of a customer (portal passwords are left out)',
		method: 'GET',
		path: '/customer/{cid}/contacts',
		fields: [cidField],
		list: 'whole',
		output: { root: 'contacts', numbers: ['id'], simplify: CONTACT },
	},
	{
		value: 'create',
		name: 'Create',
		action: 'Create a contact for a customer',
		description: 'Add a contact person to a customer',
		method: 'POST',
		path: '/customer/{cid}/contacts',
		fields: [cidField, collection('Contact Fields', 'contactFields', contactFields)],
		output: { root: 'contact', numbers: ['id'] },
	},
	{
		value: 'get',
		name: 'Get',
		action: 'Get a contact of a customer',
		description: 'Get one contact of a customer',
		method: 'GET',
		path: '/customer/{cid}/contact/{contactId}',
		fields: [cidField, contactIdField],
		output: { root: 'contact', numbers: ['id'], simplify: CONTACT },
	},
	{
		value: 'update',
		name: 'Update',
		action: 'Update a contact of a customer',
		description: 'Change a contact’s name, email or numbers',
		method: 'POST',
		path: '/customer/{cid}/contact/{contactId}',
		fields: [cidField, contactIdField, collection('Update Fields', 'updateFields', contactFields)],
		output: { root: 'contact', numbers: ['id'] },
	},
	{
		value: 'delete',
		name: 'Delete',
		action: 'Delete a contact of a customer',
		description: 'Delete a contact (the platform does this with a GET request)',
		method: 'GET',
		path: '/customer/{cid}/contact/{contactId}/delete',
		fields: [cidField, contactIdField],
	},
];
