// Conformance of the perf family: sorted unique ids matching file names, a test and a doc page per check.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { perfChecks } from './index.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const HEADINGS = ['## Why is this important?', '## What does it check?', '## Examples that trigger', '## Examples that pass', '## How to fix'];

describe('perf checks', () => {
  it('are sorted by id with unique ids', () => {
    const ids = perfChecks.map((c) => c.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(perfChecks.map((c) => [c.meta.id, c] as const))('%s has its file, test, doc page and meta', (id, check) => {
    const name = id.slice('perf.'.length);
    expect(id).toMatch(/^perf\.[a-z0-9_]+$/);
    expect(check.meta).toMatchObject({ section: 'fast', docs: `/docs/checks/${id}` });
    expect(check.meta.impact.length).toBeGreaterThan(20);
    expect(existsSync(here(`./${name}.ts`))).toBe(true);
    expect(existsSync(here(`./${name}.test.ts`))).toBe(true);
    const doc = readFileSync(here(`../../../docs/checks/${id}.md`), 'utf8');
    expect(doc.startsWith(`# ${id} — `)).toBe(true);
    for (const h of HEADINGS) expect(doc).toContain(h);
  });
});
