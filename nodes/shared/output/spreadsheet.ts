// What a spreadsheet runs as a formula when a cell begins with it (OWASP, CSV injection): =, +, -, @, a tab, a
// carriage return, and their full-width forms, which some spreadsheets read as the same.
const RUN = '=+\\-@\\t\\r＝＋－＠';
const BEGINS = new RegExp(`^[${RUN}]`);
// A spreadsheet that splits a comma-separated file at semicolons (its locale's list separator) starts a cell there.
const AFTER_SEMICOLON = new RegExp(`;(?=[${RUN}])`, 'g');
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell of a report file as a spreadsheet shows it without running it: a single quote before text that
 * begins with what a formula begins with (OWASP's advice), and after a semicolon followed by one. A plain
 * number (-3) is left as it is: a spreadsheet reads it as the number.
 */
export function inert(text: string): string {
	const quoted = BEGINS.test(text) && !NUMBER.test(text) ? `'${text}` : text;
	return quoted.replace(AFTER_SEMICOLON, ";'");
}
