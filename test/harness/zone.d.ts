export function inZone<T>(zone: string, body: () => Promise<T>): Promise<T>;
export function currentZone(): string;
