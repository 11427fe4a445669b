import type { Parameters } from 'fast-check';

export function propertySettings<T>(defaultRuns: number): Parameters<T>;

export function reportMeasurement(line: string): void;
