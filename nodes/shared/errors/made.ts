import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

type OperationOptions = ConstructorParameters<typeof NodeOperationError>[2];
type ApiOptions = ConstructorParameters<typeof NodeApiError>[2];

/**
 * Every error the package makes is made here, so each keeps the message it was made with: n8n replaces a message
 * holding a Node.js error code's name anywhere, in any case, by that code's sentence ("Keeperman" holds EPERM and
 * was shown as "Operation not permitted, make sure you have the right permissions").
 */
export function keepMessage<T extends Error>(error: T, message: string): T {
	error.message = message;
	return error;
}

/** A NodeOperationError that says what it was made to say. */
export function operationError(
	node: INode,
	message: string,
	options?: OperationOptions,
): NodeOperationError {
	return keepMessage(new NodeOperationError(node, message, options), message);
}

/** A NodeApiError around the platform's words that says what it was made to say. */
export function apiError(
	node: INode,
	response: JsonObject,
	options: ApiOptions & { message: string },
): NodeApiError {
	return keepMessage(new NodeApiError(node, response, options), options.message);
}
