import type { Parameters } from 'fast-check';

export function propertySettings<T>(defaultRuns: number): Parameters<T>;
