/** Requests held before their answer; `endAll` ends every one still held (its socket destroyed). */
export function heldRequests(): {
	/** Waits `ms`; true when the wait ran out, false when `endAll` ended it first. */
	hold(ms: number, socket: { destroy(): void }): Promise<boolean>;
	endAll(): void;
};
