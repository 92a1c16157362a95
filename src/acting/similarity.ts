// The nearest candidates to a name a step could not find: what a person would have meant.
import type { TargetIdentity } from './identity.js';

export function nearest(name: string, candidates: TargetIdentity[], max = 5): TargetIdentity[] {
  const want = name.toLowerCase().trim();
  return candidates
    .map((c) => ({ c, d: Math.min(...[c.name, c.label, c.text].filter((s): s is string => !!s).map((s) => distance(want, s.toLowerCase().slice(0, 80))), 999) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, max)
    .map((x) => x.c);
}

/** Levenshtein distance, with a bonus for containment ("Log in" in "Log in now"). */
export function distance(a: string, b: string): number {
  if (a && b && (b.includes(a) || a.includes(b))) return Math.abs(a.length - b.length) / 2;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}
