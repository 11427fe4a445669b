export interface StartRun {
	child: {
		pid?: number;
		exitCode: number | null;
		kill(signal?: string): boolean;
		stdin: { end(): void } | null;
	};
	out: string;
	err: string;
	exited: Promise<{ code: number | null; signal: string | null }>;
}
/** start.js with `args`, as `npm start -- <args>` runs it; its input a pipe unless `stdin` says otherwise. */
export function runStart(
	args: string[],
	options?: { stdin?: 'pipe' | 'ignore' | 'inherit' },
): StartRun;
/** Every process now running whose parent is `pid`, or its parent's, and so on. */
export function descendantsOf(pid: number): number[];
/** Whether a process is running (a zombie is not). */
export function running(pid: number): boolean;
/** Waits for start.js's line naming where the simulator listens; returns that URL. */
export function simulatorUrlOf(run: StartRun, seconds?: number): Promise<string>;
/** How start.js ended, within `seconds`. */
export function endOf(
	run: StartRun,
	seconds?: number,
): Promise<{ code: number | null; signal: string | null }>;
/** Whether start.js is still running `ms` from now. */
export function stillRunningAfter(run: StartRun, ms: number): Promise<boolean>;
/** The command line of a running process ('' when it is gone). */
export function commandOf(pid: number): string;
/** Kills one process, as a crash would end it. */
export function killProcess(pid: number): void;
