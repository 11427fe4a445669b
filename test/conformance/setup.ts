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
		`Requests outside the spec (fix them, or add them with a reason to test/conformance/allowList.ts):\n${lines.join('\n')}`,
	);
});
