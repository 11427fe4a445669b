import type { Traits } from './traits';

/**
 * The value of a customer search as the platform takes it from the path: its ends trimmed or kept
 * (`searchEnds`). The at-least-3-characters rule is checked on this.
 */
export function typedValue(traits: Traits, raw: string): string {
	return traits.searchEnds === 'trimmed' ? raw.trim() : raw;
}

/**
 * Whether a stored field matches a customer search value, by the search traits: both sides put in one
 * form (NFC, whitespace collapsed, lower case, as the traits say), then the value found in the field or
 * equal to it.
 */
export function searchMatcher(traits: Traits, value: string): (stored: string) => boolean {
	const form = (text: string) => {
		const unicode = traits.searchUnicode === 'normalized' ? text.normalize('NFC') : text;
		const spaced =
			traits.searchSpaces === 'collapsed' ? unicode.replace(/\s+/g, ' ').trim() : unicode;
		return traits.searchCase === 'ignored' ? spaced.toLowerCase() : spaced;
	};
	const wanted = form(value);
	return traits.searchMatch === 'part'
		? (stored) => form(stored).includes(wanted)
		: (stored) => form(stored) === wanted;
}
