/*
 * One comparison rule. Which customer a name is, is decided by comparing texts the platform shows, and the
 * platform's own comparison (case, spaces, whole value or a part) is not documented: a search may or may not
 * find "ACME TELECOM" when asked for "Acme Telecom". A name is therefore the same name only when the texts are
 * equal (outer spaces aside), on every side of a match: a text any platform would call equal, so the searches
 * that confirm a match find every customer it could be. Emails alone compare ignoring case, as mail does.
 * Texts that differ only in case or spacing are offered as suggestions, never taken.
 */

export function text(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** The same name: equal texts, outer spaces aside (never two blanks). */
export function sameName(a: unknown, b: unknown): boolean {
	return text(a) !== '' && text(a) === text(b);
}

/** The same email address: equal ignoring case and outer spaces (never two blanks). */
export function sameEmail(a: unknown, b: unknown): boolean {
	return text(a) !== '' && text(a).toLowerCase() === text(b).toLowerCase();
}

/** Near enough to suggest, never to take: equal ignoring case and runs of spaces. */
export function looksLike(a: unknown, b: unknown): boolean {
	const loose = (value: unknown) => text(value).replace(/\s+/g, ' ').toLowerCase();
	return loose(a) !== '' && loose(a) === loose(b);
}

/**
 * Whether the platform may show the text `given` as `shown`: equal but for what a platform may do to text the
 * spec leaves open (case, runs of spaces, Unicode forms). Not a match of two customers: a check that a value
 * written is still what the platform holds.
 */
export function mayShowAs(shown: unknown, given: unknown): boolean {
	const loose = (value: unknown) => text(value).normalize('NFC').replace(/\s+/g, ' ').toLowerCase();
	return loose(shown) === loose(given);
}
