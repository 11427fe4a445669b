/**
 * The simulator is strict by default: it answers with exactly what the spec (4.3.0) shows and refuses
 * what the spec does not allow, worded the way the platform words failures. Where the spec leaves room
 * for a kinder or a different platform, a test (or the sandbox) switches that behaviour on by name:
 *
 * | Extra           | What the simulator then does                                                          |
 * |-----------------|---------------------------------------------------------------------------------------|
 * | `searchCid`     | Customer search records also carry `cid` (the spec's search record has none).          |
 * | `otherSpelling` | Service add/update also accept `contracterm`, the spelling of the spec's prose (the   |
 * |                 | field table's `contractterm` is always accepted).                                     |
 * | `looseTypes`    | Request bodies with a string where the spec says integer or number ("5") are taken as |
 * |                 | the number instead of refused.                                                        |
 * | `otherShapes`   | Where the spec shows no answer shape (lead reads, timeline reads), another plausible  |
 * |                 | one: leads as `{leads, page, pages}` / the record at the top level, timeline as       |
 * |                 | `{timeline}`. Off: the simulator's own shape (listing page, `{lead}`, `{entries}`).     |
 *
 * Switch on per test with `sim.extras.add('searchCid')` (delete it again, or start a fresh simulator),
 * `startSimulator({ extras: ['searchCid'] })`, `npm run simulator -- --extras searchCid,looseTypes`, or
 * `POST /__simulator/extras {"extras": ["searchCid"]}` (the whole set, replacing the previous one).
 *
 * Traits (traits.ts) are the spec's open questions, each answer as much the spec's as another; two extras
 * are really one answer to such a question, kept as extras because tests name them:
 * - `searchCid` is one value of "further customer data may be present" (trait `furtherFields`): the cid
 *   alone. It acts only while `furtherFields` is `absent`; `present` and `withSecrets` carry the cid anyway.
 * - `otherShapes` is one value of "the answer shape is not shown" (leads, timeline), where the default is
 *   the simulator's own shape. No trait repeats it.
 * `otherSpelling` and `looseTypes` are kindnesses proper: the platform accepting what the spec's field
 * table does not (the prose spelling, "5" for an integer); no trait answers them.
 */
export const EXTRAS = ['searchCid', 'otherSpelling', 'looseTypes', 'otherShapes'] as const;

export type Extra = (typeof EXTRAS)[number];

export function isExtra(name: unknown): name is Extra {
	return typeof name === 'string' && (EXTRAS as readonly string[]).includes(name);
}

/** The named extras given, checked: an unknown name is an error, not silently ignored. */
export function extrasOf(names: readonly unknown[]): Extra[] {
	const unknown = names.filter((name) => !isExtra(name));
	if (unknown.length > 0)
		throw new Error(`unknown simulator extra ${unknown.join(', ')}; known: ${EXTRAS.join(', ')}`);
	return names as Extra[];
}
