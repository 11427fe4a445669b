import type { Endpoint } from './types';
import { keys, object } from './types';

export const ACCOUNT: Endpoint[] = [
	{
		group: 'auth',
		method: 'GET',
		path: '/get-key/{username}/{password}',
		kind: 'read',
		note: 'no api key; portal user gets the key; username and password must be URL-encoded and never logged',
		answer: { keys: ['success', 'key'], failure: ['success', 'description'] },
	},
	{
		group: 'auth',
		method: 'POST',
		path: '/password-reset/request',
		kind: 'write',
		note: 'no api key; always answers success',
		body: object({ username: 'string' }, ['username']),
		answer: keys('success', 'message'),
	},
	{
		group: 'auth',
		method: 'POST',
		path: '/password-reset/confirm',
		kind: 'write',
		note: 'no api key; token 64 lowercase hex, password >= 8, password_confirm equal',
		body: object({ token: 'string', password: 'string', password_confirm: 'string' }, [
			'token',
			'password',
			'password_confirm',
		]),
		answer: { keys: ['success', 'message'], failure: ['success', 'error'] },
	},
	{
		group: 'admin',
		method: 'GET',
		path: '/{api_key}/resetdb',
		kind: 'write',
		note: 'only where the department is enabled for reset',
		answer: keys('success', 'description'),
	},
];
