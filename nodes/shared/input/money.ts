/**
 * Amounts of money as the decimal text the user gave, never through floating point: 0.125 stays 0.125
 * (toFixed(2) made it 0.13, and a sale of 1000 of them 130.00). Sums and products are exact, in scaled
 * integers.
 */

// The build targets ES2019, which has BigInt but not its literals.
const ZERO = BigInt(0);
const TEN = BigInt(10);

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The decimal text of an amount given as a number or as text (spaces trimmed, a leading + dropped);
 * undefined when it is not a plain decimal (a comma, an exponent, a currency sign, a blank).
 */
export function decimalText(value: unknown): string | undefined {
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return undefined;
		// The shortest text that reads back as the number is what was typed (0.1, not 0.1000000000000000055).
		const text = String(value);
		return DECIMAL.test(text) ? text : undefined;
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim().replace(/^\+/, '');
	return DECIMAL.test(text) ? text : undefined;
}

/** How many digits follow the decimal point. */
export function decimalPlaces(text: string): number {
	const point = text.indexOf('.');
	return point === -1 ? 0 : text.length - point - 1;
}

interface Scaled {
	units: bigint;
	places: number;
}

function scaled(text: string): Scaled {
	const places = decimalPlaces(text);
	return { units: BigInt(text.replace('.', '')), places };
}

function rescale(value: Scaled, places: number): bigint {
	return value.units * TEN ** BigInt(places - value.places);
}

/** Scaled units back to decimal text, with at least `minPlaces` decimals and no trailing zeros beyond. */
function textOf(units: bigint, places: number, minPlaces: number): string {
	const negative = units < ZERO;
	let digits = (negative ? -units : units).toString().padStart(places + 1, '0');
	let decimals = places;
	while (decimals > minPlaces && digits.endsWith('0')) {
		digits = digits.slice(0, -1);
		decimals--;
	}
	const whole = digits.slice(0, digits.length - decimals);
	const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
	return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * The exact sum of decimal texts times whole quantities, written with at least two decimals and as many
 * more as it needs (0.125 × 3 is 0.375, never 0.38).
 */
export function exactTotal(lines: Array<{ amount: string; quantity: number | bigint }>): string {
	const parts = lines.map((line) => ({ ...scaled(line.amount), quantity: BigInt(line.quantity) }));
	const places = Math.max(2, ...parts.map((part) => part.places));
	const units = parts.reduce((sum, part) => sum + rescale(part, places) * part.quantity, ZERO);
	return textOf(units, places, 2);
}

// Thousands separated as the platform's locale (Australian dollars) writes them, "1,234.50": only where the
// comma cannot be a decimal comma, so a decimal point follows it or there are two commas or more ("1,500"
// alone may be 1.5 written in another locale, so it is no amount).
const GROUPED = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * The one reader of amounts a platform answered (the spec says only that numbers may come as strings): the
 * exact decimal text, or undefined when the value is not an amount, for the caller to fail on, never to skip.
 * - A JSON number, as its shortest text; one written with an exponent (2.220446049250313e-16: a balance worked
 *   out in floating point that is 0) as its decimals.
 * - Text: a plain decimal ("10", "10.00", "-5.00", "+5"), spaces around it trimmed, or thousands separated
 *   ("1,234.50", "1,234,567").
 * - Anything else is not an amount: a currency sign ("$10.00"), parentheses ("(5.00)"), a decimal comma
 *   ("10,50"), "1,500" (which locale?), an exponent in text, a blank, null.
 */
export function answeredDecimal(value: unknown): string | undefined {
	if (typeof value === 'string') {
		const text = value.trim().replace(/^\+/, '');
		if (GROUPED.test(text) && (text.includes('.') || text.split(',').length > 2))
			return text.replace(/,/g, '');
	}
	const text = decimalText(value);
	if (text !== undefined || typeof value !== 'number' || !Number.isFinite(value)) return text;
	// toFixed writes every number below 1e21 without an exponent; 20 places keep what a float near 0 carries.
	const fixed = value.toFixed(20);
	return DECIMAL.test(fixed) ? fixed : undefined;
}

/**
 * A decimal text as money is read: two decimals, rounded half away from zero on the decimal digits as written
 * (1.005 is 1.01, where toFixed(2) of the float 1.005 gives 1.00), and never -0.00.
 */
export function centsText(text: string): string {
	const { units, places } = scaled(text);
	if (places <= 2) return textOf(rescale({ units, places }, 2), 2, 2);
	const divisor = TEN ** BigInt(places - 2);
	const magnitude = units < ZERO ? -units : units;
	const rest = magnitude % divisor;
	const cents = magnitude / divisor + (rest * BigInt(2) >= divisor ? BigInt(1) : ZERO);
	return textOf(units < ZERO ? -cents : cents, 2, 2);
}

/** Compares two decimal texts exactly: negative, zero or positive as a is below, equal to or above b. */
export function compareDecimal(a: string, b: string): number {
	const [x, y] = [scaled(a), scaled(b)];
	const places = Math.max(x.places, y.places);
	const difference = rescale(x, places) - rescale(y, places);
	return difference < ZERO ? -1 : difference > ZERO ? 1 : 0;
}

/**
 * A decimal text as a JSON number, for fields the spec types as numbers (float, decimal): only when the
 * number carries the text exactly (at most 15 significant digits), so the platform reads what was given.
 */
export function exactNumber(text: string): number | undefined {
	const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
	if (digits.length > 15) return undefined;
	return Number(text);
}

/** The refusal of a value that is not an amount, naming the field. */
export function amountRefusal(label: string, name: string): string {
	return `${label} (${name}) must be an amount in dollars such as 12.50`;
}

/** A whole quantity above 0 (a number or digits), as the spec's integer quantities need. */
export function wholeQuantity(value: unknown): number | undefined {
	const text = typeof value === 'number' ? String(value) : String(value ?? '').trim();
	if (!/^\d+$/.test(text)) return undefined;
	const quantity = Number(text);
	return quantity > 0 && Number.isSafeInteger(quantity) ? quantity : undefined;
}
