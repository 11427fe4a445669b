/** Free ports for HTTP and mail, and campaigns sent only when a test asks. */
export const ON_FREE_PORTS: string[];
/** Starts the simulator CLI in a child process; resolves once it has printed its base URL and mail port. */
export function spawnSimulator(
	args?: string[],
	options?: { echo?: boolean; detached?: boolean },
): Promise<{
	child: { kill(): boolean; once(event: 'exit', listener: () => void): unknown };
	url: string;
	smtpPort: number;
	/** Everything it has printed so far. */
	output(): string;
}>;
/** Runs the simulator CLI expecting it to stop by itself (a refused option, --help): its exit code and output. */
export function simulatorExit(
	args?: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }>;
