import { takeViolations, watch } from './guard';

// Jest setup (setupFilesAfterEnv): every test fails if it made the simulator receive a request the spec
// does not document and the allow-list does not excuse.
watch();

afterEach(() => {
	const violations = takeViolations();
	if (violations.length === 0) return;
	const lines = [
		...new Set(violations.map((v) => `${v.endpoint}${v.field ? ` ${v.field}` : ''}: ${v.problem}`)),
	];
	throw new Error(
		`Requests outside the spec (fix them, or name them with a reason in the \`unshown\` of its entry in test/spec/):\n${lines.join('\n')}`,
	);
});
