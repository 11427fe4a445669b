import { CsvReader, detectDelimiter } from '../../nodes/TelcoBillingCallRecord/cdr.csv';
/** Every record, fed piece by piece the way Import File feeds a file: its fields and the line it starts on. */
function read(pieces: string[], delimiter?: string) {
	const reader = new CsvReader(delimiter);
	const records: Array<{ fields: string[]; line: number }> = [];
	const drain = () => {
		for (let fields = reader.next(); fields; fields = reader.next())
			records.push({ fields, line: reader.lineOfRecord });
	};
	for (const piece of pieces) {
		reader.feed(piece);
		drain();
	}
	reader.finish();
	drain();
	return records;
}
const MESSY =
	'\uFEFFa;b;c\r\n' +
	'1;"two; with ""quotes""";3\r\n' +
	'\r\n' +
	'"multi\r\nline";;"x"\n' +
	'last;"";end';
const EXPECTED = [
	{ fields: ['a', 'b', 'c'], line: 1 },
	{ fields: ['1', 'two; with "quotes"', '3'], line: 2 },
	{ fields: ['multi\r\nline', '', 'x'], line: 4 },
	{ fields: ['last', '', 'end'], line: 6 },
];

describe('CSV reader (Import File)', () => {
	test('the whole text at once', () => {
		expect(read([MESSY])).toEqual(EXPECTED);
	});

	test('one character at a time gives the same records (every piece boundary)', () => {
		expect(read([...MESSY])).toEqual(EXPECTED);
	});

	test('every split into two pieces gives the same records', () => {
		for (let at = 0; at <= MESSY.length; at++)
			expect(read([MESSY.slice(0, at), MESSY.slice(at)])).toEqual(EXPECTED);
	});

	test('a file without a final line break, and a file of one line', () => {
		expect(read(['a,b\n1,2'])).toEqual([
			{ fields: ['a', 'b'], line: 1 },
			{ fields: ['1', '2'], line: 2 },
		]);
		expect(read(['a|b|c'])).toEqual([{ fields: ['a', 'b', 'c'], line: 1 }]);
	});

	test('a given delimiter wins over detection; a quote inside an unquoted field is kept', () => {
		expect(read(['a;b,c\n'], ',')).toEqual([{ fields: ['a;b', 'c'], line: 1 }]);
		expect(read(['5" disk,x\n'], ',')).toEqual([{ fields: ['5" disk', 'x'], line: 1 }]);
	});

	test('delimiter detection counts outside quotes only', () => {
		expect(detectDelimiter('"a,b,c";d;e')).toBe(';');
		expect(detectDelimiter('a\tb\tc')).toBe('\t');
		expect(detectDelimiter('single')).toBe(',');
	});
});
