import { readRepoFile, repoFiles } from '../harness/repoFiles';

/*
 * Source lines in nodes/ and credentials/ are at most 140 characters: the formatter wraps code at 100, and
 * what it cannot wrap (a long string, a comment) is wrapped by hand. The one exception is n8n's own: its
 * lint wants the description of a dropdown loaded from the platform as one string literal ending in its
 * standard sentence, so that literal stays on one line.
 */

const LIMIT = 140;
const N8N_DYNAMIC_DESCRIPTION =
	/^\s*'.*Choose from the list, or specify (an ID|IDs) using an <a href="https:\/\/docs\.n8n\.io\/code\/expressions\/">expression<\/a>\.',?$/;

test(`no source line in nodes/ or credentials/ is longer than ${LIMIT} characters`, () => {
	const files = [...repoFiles('nodes', ['.ts', '.json']), ...repoFiles('credentials', ['.ts'])];
	expect(files.length).toBeGreaterThan(50);
	const long = files.flatMap((file) =>
		readRepoFile(file)
			.split('\n')
			.flatMap((line, i) =>
				line.length > LIMIT && !N8N_DYNAMIC_DESCRIPTION.test(line)
					? [`${file}:${i + 1} (${line.length})`]
					: [],
			),
	);
	expect(long).toEqual([]);
});
