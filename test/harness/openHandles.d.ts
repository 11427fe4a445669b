/** Registers, in the calling jest file, a last check that its tests left nothing open. */
export function expectNothingLeftOpen(): void;
/** What keeps Node.js alive now, counted by kind. */
export function openNow(): Map<string, number>;
/** What keeps Node.js alive beyond `before` once what is closing has closed, as "1 TCPServerWrap". */
export function stillOpen(before: Map<string, number>): Promise<string[]>;
