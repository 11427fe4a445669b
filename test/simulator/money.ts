/**
 * The platform's arithmetic on amounts it receives as text: exact, in scaled integers, so 0.125 × 1000
 * is 125 and never 130.
 */
function parts(value: string | number): { units: bigint; places: number } {
	const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(value).trim());
	// A price that is not a plain decimal is read as PHP's floatval would read its digits: as 0.
	if (!match) return { units: BigInt(0), places: 0 };
	const units = BigInt(match[2] + (match[3] ?? ''));
	return { units: match[1] ? -units : units, places: (match[3] ?? '').length };
}

/** Σ price × quantity in dollars, computed exactly; a number only at the end. */
export function lineTotal(lines: Array<{ price: string | number; quantity: number }>): number {
	const read = lines.map((line) => ({ ...parts(line.price), quantity: BigInt(line.quantity) }));
	const places = Math.max(0, ...read.map((line) => line.places));
	const total = read.reduce(
		(sum, line) => sum + line.units * BigInt(10) ** BigInt(places - line.places) * line.quantity,
		BigInt(0),
	);
	return Number(`${total}e-${places}`);
}
