// Compact evidence lists: findings show at most LIST_CAP items and always say how many there were.

/** Most items a finding's evidence lists; the total is always reported beside the list. */
export const LIST_CAP = 20;

/** `{ <name>: first LIST_CAP items, <name>_total: count }` — spread into a finding's evidence. */
export function listed<T>(name: string, items: readonly T[], cap = LIST_CAP): Record<string, unknown> {
  return { [name]: items.slice(0, cap), [`${name}_total`]: items.length };
}

/** Groups items by a key, keeping first-seen order of keys (deterministic output). */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Distinct values in first-seen order. */
export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** A URL without its fragment, for comparing addresses; the input unchanged when it does not parse. */
export function normalizeUrl(url: string, base?: string): string {
  try {
    const u = new URL(url, base);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** Collapses whitespace and cuts long text, so evidence stays readable. */
export function clip(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
