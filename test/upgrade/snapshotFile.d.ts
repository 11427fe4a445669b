import type { DescriptionSnapshot } from './description';

/** The committed snapshot of the nodes' descriptions (npm run snapshot:descriptions writes it). */
export function readSnapshot(): DescriptionSnapshot;

/** The committed snapshot's text, as it is on disk. */
export function readSnapshotText(): string;

/** The text `npm run snapshot:descriptions` writes for a snapshot: one line a parameter. */
export function snapshotText(snapshot: DescriptionSnapshot): string;

/** Whether this run is `npm run snapshot:descriptions`: the snapshot is to be written, not checked. */
export function writingSnapshot(): boolean;

export function writeSnapshot(snapshot: DescriptionSnapshot): void;
