import type { IHttpRequestOptions } from 'n8n-workflow';

/** One customer reference of an item, resolved once (operation/customerRef.ts, CustomerIdentity). */
export interface CustomerReference {
	/** As given, trimmed. */
	readonly given: string;
	/** Typed digits: a path carries them as given. */
	readonly typedDigits: boolean;
	/** The customer's integer id: what a body carries. */
	cid(): Promise<number>;
	/** What a path's {cid} carries to reach exactly this customer. */
	pathRef(): Promise<string>;
}

/**
 * Sends one more request of an item through the operation's credential (made by tableNode/itemRequests.ts).
 * `once` (given within a node run) makes a value once for the run's items: the customer list is read once, not
 * once an item.
 */
export type Request = ((options: IHttpRequestOptions) => Promise<unknown>) & {
	once?: <T>(key: string, make: () => Promise<T>) => Promise<T>;
	/** The item's one identity for a customer reference (CustomerIdentity), made once an item. */
	customer?: (ref: unknown, picked: boolean) => CustomerReference;
	/** A Dry Run: a write sent through it is not sent (the operation says what it would write). */
	preview?: boolean;
	/** A digest keyed with the department's API key (HMAC-SHA-256, base64url): what the run may hand out. */
	digest?: (text: string) => string;
	/** The platform the request goes to: the credential's Base URL, as given. */
	platform?: string;
};
