import type { DescriptionSnapshot } from './description';

/** The committed snapshot of the nodes' descriptions (npm run snapshot:descriptions writes it). */
export function readSnapshot(): DescriptionSnapshot;

/** Whether this run is `npm run snapshot:descriptions`: the snapshot is to be written, not checked. */
export function writingSnapshot(): boolean;

export function writeSnapshot(snapshot: DescriptionSnapshot): void;
