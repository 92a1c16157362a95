// Holds every registered check to its declared metadata: id matches its file path, a table test
// and a doc page with the five headings exist, the section has a rubric, ids are unique and sorted.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RUBRICS } from '../grading/rubric.js';
import { checks } from './registry.js';
import { SECTIONS, SEVERITIES } from './types.js';

const root = new URL('../../', import.meta.url);
const HEADINGS = ['## Why is this important?', '## What does it check?', '## Examples that trigger', '## Examples that pass', '## How to fix'];

describe('check registry conformance', () => {
  it('keeps checks pure: no import from capture, the guard, storage or the network (they read evidence only)', () => {
    const dir = new URL('src/checks/', root);
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const crossing = files.flatMap((f) =>
      [...readFileSync(new URL(f, dir), 'utf8').matchAll(/from '([^']+)'/g)]
        .map((m) => m[1]!)
        .filter((spec) => /\/(capture|guard|store|runs|api|queue|jobs|monitors|notify)\//.test(spec) || /^node:(?!crypto$|module$)/.test(spec))
        .map((spec) => `${f} imports ${spec}`),
    );
    expect(crossing).toEqual([]);
  });

  it('has unique ids, sorted', () => {
    const ids = checks.map((c) => c.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
  });

  it('keeps each category in one section, except where a category spans two by design', () => {
    const sectionsOf = new Map<string, Set<string>>();
    for (const c of checks) {
      const cat = c.meta.id.split('.')[0]!;
      sectionsOf.set(cat, (sectionsOf.get(cat) ?? new Set()).add(c.meta.section));
    }
    for (const [cat, secs] of sectionsOf) expect([...secs], cat).toHaveLength(1);
  });

  it('has at least one check for every graded section', () => {
    for (const s of SECTIONS) expect(checks.some((c) => c.meta.section === s), s).toBe(true);
  });

  it.each(checks.map((c) => [c.meta.id, c] as const))('%s is complete', (id, c) => {
    const m = c.meta;
    expect(id).toMatch(/^[a-z0-9]+\.[a-z0-9_]+$/);
    const [category, name] = id.split('.') as [string, string];
    const file = new URL(`src/checks/${category}/${name}.ts`, root);
    const dir = new URL(`src/checks/${category}/`, root);
    expect(existsSync(file), `${id}: src/checks/${category}/${name}.ts`).toBe(true);
    // A family check may be tested in its factory's table; otherwise a test beside it.
    const tested = existsSync(new URL(`${name}.test.ts`, dir)) || readdirSync(dir).some((f) => f.endsWith('.test.ts') && readFileSync(new URL(f, dir), 'utf8').includes(`'${id}'`));
    expect(tested, `${id}: a table test`).toBe(true);
    // Flows is the report's ungraded section: its checks have no rubric.
    expect([...SECTIONS, 'flows']).toContain(m.section);
    if (m.section !== 'flows') expect(RUBRICS[m.section]).toBeDefined();
    expect(SEVERITIES).toContain(m.severity);
    expect(m.title.length).toBeGreaterThan(3);
    expect(m.impact).toMatch(/\.$/);
    expect(m.impact.length).toBeGreaterThan(20);
    expect(m.docs).toBe(`/docs/checks/${id}`);
    const doc = new URL(`docs/checks/${id}.md`, root);
    expect(existsSync(doc), `docs/checks/${id}.md`).toBe(true);
    const text = readFileSync(doc, 'utf8');
    expect(text.startsWith(`# ${id} — `), `${id} doc title`).toBe(true);
    for (const h of HEADINGS) expect(text, `${id} doc: ${h}`).toContain(h);
  });
});
