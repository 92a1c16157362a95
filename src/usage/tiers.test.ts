import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TIER_TERMS, TIERS } from './tiers.js';

describe('tier terms', () => {
  it('match the table in docs/usage.md row for row', () => {
    const doc = readFileSync(new URL('../../docs/usage.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| (\d+) \| (yes|no) \|$/gm)].map((m) => [m[1], Number(m[2]), m[3] === 'yes']);
    expect(rows).toEqual(TIERS.map((t) => [t, TIER_TERMS[t].callsIncluded, TIER_TERMS[t].paid]));
  });
});
