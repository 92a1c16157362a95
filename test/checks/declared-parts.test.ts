// Every check reads only the evidence parts its meta declares: on each stored bundle, a check run on
// the whole bundle and on the bundle the runner hands it (its declared parts only) finds the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_SITES } from '../../scripts/regenerate-evidence.js';
import { restrictBundle } from '../../src/checks/evidence-parts.js';
import { checks } from '../../src/checks/registry.js';
import { runChecks } from '../../src/checks/runner.js';
import type { EvidenceBundle } from '../../src/evidence/types.js';
import { runFacts } from '../../src/evidence/run-facts.js';
import { buildViews } from '../../src/evidence/views.js';

const DIR = new URL('../fixtures/evidence/', import.meta.url);
const bundles = EVIDENCE_SITES.map((name) => [name, JSON.parse(readFileSync(new URL(`${name}.evidence.json`, DIR), 'utf8')) as EvidenceBundle] as const);

describe('checks see only what they declare', () => {
  it.each(bundles)('%s: every check finds the same on its declared parts as on the whole bundle', (_name, bundle) => {
    const { results } = runChecks(bundle, checks);
    // The run's facts are read from the whole bundle, as the runner reads them, whatever parts a check gets.
    const facts = runFacts(bundle);
    for (const check of checks) {
      const result = results.find((r) => r.id === check.meta.id)!;
      if (result.outcome === 'not_applicable') continue;
      expect(result.outcome, `${check.meta.id}: ${result.reason}`).not.toBe('error');
      const whole = check.run(bundle, buildViews(bundle, facts));
      const restricted = restrictBundle(bundle, [...check.meta.requires, ...(check.meta.optional ?? [])]);
      expect(check.run(restricted, buildViews(restricted, facts)), `${check.meta.id} reads a part it does not declare`).toEqual(whole);
    }
  });

  it('withholds undeclared parts and keeps page identity', () => {
    const [, bundle] = bundles[0];
    const seen = restrictBundle(bundle, ['headers']);
    const page = seen.pages[0];
    expect(page.url).toBe(bundle.pages[0].url);
    expect(page.status).toBe(bundle.pages[0].status);
    expect(page.headers).toEqual(bundle.pages[0].headers);
    expect(page.requests).toBeUndefined();
    expect(page.dom).toBeUndefined();
    expect(seen.consent).toBeNull();
    expect(seen.site.robots).toBeUndefined();
    expect(seen.site.origin).toBe(bundle.site.origin);
  });
});
