import fc from 'fast-check';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { takeViolations } from '../conformance/guard';
import { runNode } from '../harness/engine';
import type { InputFile, RunResult } from '../harness/engine';
import { DEMO_KEY } from '../harness/nodeRunner';
import { reorderingProxy } from '../harness/reorderProxy';
import { startSimulator } from '../simulator/app';
import type { Simulator } from '../simulator/app';
import type { Fault, FaultModes } from '../simulator/faults';
import { TRAIT_NAMES, TRAITS } from '../simulator/traits';
import type { Traits } from '../simulator/traits';

/**
 * One generated case of a property: a fresh strict simulator, its one-shot faults queued, the node run
 * through n8n's engine. Faults hit the next requests in order, whatever they are (`pass` skips one).
 */
export interface PlatformCase {
	faults: Fault[];
	/** Lasting shares of faulted requests, chosen by a seeded hash of each request: writes get hit too. */
	shares?: Partial<FaultModes>;
	maxConcurrency: number;
	continueOnFail: boolean;
	/** Per-record results answered in another order (test/harness/reorderProxy.ts): the spec never promises the request's. */
	reordered?: boolean;
	/**
	 * The platform itself, one of the family the spec allows: each question it leaves open (search case,
	 * spaces, whole or part, inactive customers, numbers as text…) answered one way (simulator/traits.ts).
	 */
	traits?: Partial<Traits>;
}

/** What goes wrong on a bad day, a few at a time: 429 with Retry-After, 503, a reset before or after the
 * write (`failAfterWrite`: stored, then 503), a malformed 200 (not run, or run and cut). */
export const faultSchedule = fc.array(
	fc.constantFrom<Fault>(
		'pass',
		'pass',
		'http429',
		'http503',
		'reset',
		'failAfterWrite',
		'html200',
		'truncated200',
	),
	{ maxLength: 3 },
);

const share = fc.constantFrom(0, 0, 0.05, 0.15);

export const faultShares = fc.option(
	fc.record({
		fail503Share: share,
		fail429Share: share,
		resetShare: share,
		failAfterWriteShare: share,
		seed: fc.nat(),
	}),
	{ nil: undefined },
);

/** A platform of the family the spec allows: every open question answered, drawn like inputs and faults. */
export const platformTraits = fc.record(
	Object.fromEntries(TRAIT_NAMES.map((name) => [name, fc.constantFrom(...TRAITS[name])])) as {
		[Name in keyof Traits]: fc.Arbitrary<Traits[Name]>;
	},
);

export const platformCase = fc.record({
	faults: faultSchedule,
	shares: faultShares,
	maxConcurrency: fc.integer({ min: 1, max: 10 }),
	continueOnFail: fc.boolean(),
	reordered: fc.boolean(),
	traits: platformTraits,
});

/** Runs the node on a fresh simulator; `check` sees the simulator after the run. */
export async function onFreshPlatform(
	nodeType: INodeType,
	{ faults, shares, maxConcurrency, continueOnFail, reordered, traits }: PlatformCase,
	run: {
		parameters: INodeParameters;
		input: IDataObject[];
		inputFiles?: Array<Record<string, InputFile>>;
		prepare?: (sim: Simulator) => void;
	},
	check: (result: RunResult, sim: Simulator) => void,
): Promise<void> {
	const sim = await startSimulator({ traits });
	const proxy = reordered ? await reorderingProxy(() => sim.url) : undefined;
	try {
		run.prepare?.(sim);
		// A 429 asks for a second: enough to see it honoured, short enough for many cases.
		sim.modes.retryAfter = 1;
		sim.faults.push(...faults);
		Object.assign(sim.modes, shares);
		const result = await runNode({
			nodeType,
			parameters: run.parameters,
			input: run.input,
			inputFiles: run.inputFiles,
			continueOnFail,
			credentials: { baseUrl: proxy?.url ?? sim.url, apiKey: DEMO_KEY, maxConcurrency },
		});
		// No request outside the spec, in this case (the suite's guard would only tell after all of them).
		expect(takeViolations()).toEqual([]);
		check(result, sim);
	} finally {
		await proxy?.close();
		await sim.close();
	}
}
