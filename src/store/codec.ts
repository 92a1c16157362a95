// Conversions shared by the repositories: timestamps as fixed-width ISO text, JSON as text, counts as numbers.

/** `2026-11-22T02:28:02.123Z`: fixed width, so text order is time order in both dialects. */
export function iso(d: Date): string {
  return d.toISOString();
}

export function isoPlus(d: Date, ms: number): string {
  return new Date(d.getTime() + ms).toISOString();
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function fromJsonObject(text: string | null): Record<string, unknown> {
  if (text === null || text === '') return {};
  const v: unknown = JSON.parse(text);
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Postgres returns bigint aggregates (count, max) as strings; SQLite as numbers. */
export function toCount(v: unknown): number {
  if (v === null || v === undefined) return 0;
  return typeof v === 'number' ? v : Number(v);
}
