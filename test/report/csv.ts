/** A plain RFC 4180 reader for the tests: quoted fields, doubled quotes, commas and line breaks inside. */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const c = text[i];
		if (quoted && c === '"' && text[i + 1] === '"') {
			field += '"';
			i++;
		} else if (c === '"') {
			quoted = !quoted;
		} else if (quoted) {
			field += c;
		} else if (c === ',') {
			row.push(field);
			field = '';
		} else if (c === '\r' && text[i + 1] === '\n') {
			rows.push([...row, field]);
			row = [];
			field = '';
			i++;
		} else {
			field += c;
		}
	}
	if (field || row.length) rows.push([...row, field]);
	return rows;
}
