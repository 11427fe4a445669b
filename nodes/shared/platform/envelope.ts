import type { IDataObject } from 'n8n-workflow';

/** Refusals the spec words exactly, which some operations treat as answers rather than failures. */
export const PLATFORM_MESSAGES = {
	/** cdr/add, cdr/multiple/add: the orig_id was imported before. */
	cdrDuplicate: 'CDR ID already exists',
	/** cdr/getPrice, cdr/getMultiplePrice: no billed call has the id(s). */
	noBilledCall: 'no billed call found',
} as const;

/** The platform's answer to a key it does not know, however it is cased or padded. */
export function isInvalidKey(text: string): boolean {
	return /^invalid key$/i.test(text.trim());
}

/** What went wrong, in the platform's own words. */
export interface PlatformFailure {
	message: string;
	errorCode?: string;
	httpCode?: string;
	/** The answer was a whole web page (its title, else its text): a website, not an API, answered. */
	webPage?: string;
}

const FALSE_VALUES = new Set<unknown>([false, 'false', 0, '0']);

// The spec spells the success flag three ways (`success`, `succes`, `sucess`) and uses `result`
// on the older endpoints; any of them set to false marks a logical failure inside an HTTP 200.
const FLAG_KEYS = ['success', 'succes', 'sucess', 'result'];

const MESSAGE_KEYS = ['description', 'message', 'reason', 'error'];

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstMessage(body: IDataObject): string | undefined {
	for (const key of MESSAGE_KEYS) {
		const value = body[key];
		if (typeof value === 'string' && value.trim() !== '') return value;
	}
	return undefined;
}

/**
 * Returns the failure an HTTP-200 body describes, or undefined when the body is a success.
 * Arrays are per-record results and are judged by the operation that asked for them.
 */
export function findFailure(body: unknown): PlatformFailure | undefined {
	if (typeof body === 'string') {
		return isInvalidKey(body) ? { message: 'invalid key' } : undefined;
	}
	if (!isObject(body)) return undefined;

	if (typeof body.error_code === 'string' && body.error_code !== '') {
		return { message: firstMessage(body) ?? body.error_code, errorCode: body.error_code };
	}
	const failed = FLAG_KEYS.some((key) => key in body && FALSE_VALUES.has(body[key]));
	if (failed)
		return { message: firstMessage(body) ?? 'The platform reported a failure without a reason' };
	if (firstMessage(body) === 'invalid key') return { message: 'invalid key' };
	return undefined;
}

// How much of an answer's text is read for a message. The message itself is cut only once its secrets are out
// (transport's `failed`), so a key straddling a cut cannot leave its first characters behind.
const READ_AT_MOST = 20_000;

/** What a person reads in a page: tags and scripts gone, character references decoded, spaces collapsed. */
export function pageText(text: string): string {
	const page = text.slice(0, READ_AT_MOST);
	const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(page)?.[1];
	const plain = page
		.replace(/<(script|style|title)[\s\S]*?<\/\1>/gi, ' ')
		.replace(/<[^>]*>/g, ' ')
		.replace(/&nbsp;/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	const heading = title?.replace(/\s+/g, ' ').trim();
	return heading && !plain.startsWith(heading) ? `${heading}: ${plain}` : plain;
}

/** A web page as a person knows it: its title, else its text. */
function pageName(html: string): string {
	const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.replace(/\s+/g, ' ').trim();
	return title || pageText(html);
}

/**
 * The failure an answer is when it is not JSON at all: every endpoint documents a JSON object or array
 * (the one text answer is "invalid key"). A crashed PHP server answers HTTP 200 with an HTML error page, a
 * proxy with an empty body, a dropped connection with JSON cut short: none of them says the request was
 * carried out, so none may pass for a success.
 */
export function malformedAnswer(body: unknown): PlatformFailure | undefined {
	if (body === undefined || body === null || body === '')
		return { message: 'The billing platform answered with an empty body instead of JSON' };
	if (Buffer.isBuffer(body)) return malformedAnswer(body.toString('utf8'));
	if (typeof body === 'object') return undefined;
	const text = String(body);
	if (typeof body === 'string' && isInvalidKey(text)) return undefined;
	const trimmed = text.trim();
	if (trimmed === '')
		return { message: 'The billing platform answered with an empty body instead of JSON' };
	if (/^[[{]/.test(trimmed))
		return {
			message: `The billing platform answered with JSON cut short (${text.length} characters, not a whole document)`,
		};
	if (/^</.test(trimmed))
		return {
			message: `The billing platform answered with an HTML page instead of JSON: "${pageText(trimmed)}"`,
			// A whole document, unlike the fragments a crashing PHP script prints before dying.
			...(/^(<!doctype html|<html)/i.test(trimmed) && { webPage: pageName(trimmed) }),
		};
	return {
		message: `The billing platform answered with text instead of JSON: "${pageText(trimmed)}"`,
	};
}

/** Replaces the misspelt success literals with one boolean `success`, so users can branch on it. */
export function normalizeSuccess(body: IDataObject): IDataObject {
	const out: IDataObject = { ...body };
	let flagged = false;
	for (const key of ['succes', 'sucess']) {
		if (key in out) {
			delete out[key];
			flagged = true;
		}
	}
	if (out.result === 'sucess' || out.result === 'success') {
		delete out.result;
		flagged = true;
	}
	if (flagged || 'success' in out) out.success = true;
	return out;
}
