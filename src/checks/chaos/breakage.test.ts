import { describe, expect, it } from 'vitest';
import type { ChaosEvidence } from '../../evidence/types.js';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './breakage.js';

const chaos = (breakages: ChaosEvidence['breakages']): ChaosEvidence => ({ persona: 'hostile', seed: 7, step_cap: 20, mode: 'dry_run', breakages, would_have_sent: [], refused: [], payment_stop: null });

describe('chaos.breakage', () => {
  it.each([
    ['an audit (no chaos run)', makeBundle()],
    ['a chaos run that broke nothing', makeBundle({ chaos: chaos([]) })],
  ])('passes: %s', (_n, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('reports each breakage with its severity, the steps that reproduce it and a screenshot', () => {
    const findings = findingsOf(check, makeBundle({ chaos: chaos([
      { kind: 'uncaught_exception', message: 'TypeError: x is undefined', step: 2, url: 'https://example.com/search', screenshot: 'img-001', reproduction: [{ action: 'goto', url: 'https://example.com/' }, { action: 'fill', target: 'Search', value: "' OR 1=1" }, { action: 'press', key: 'Enter' }] },
      { kind: 'broken_text', message: 'the page shows “Total: NaN”', step: 0, url: 'https://example.com/', screenshot: null, reproduction: [] },
    ]) }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['critical', 'hostile found an uncaught exception after 3 steps'],
      ['warning', 'hostile found broken text on screen after 1 step'],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ kind: 'uncaught_exception', seed: 7, screenshot: 'img-001', reproduction: expect.arrayContaining([{ action: 'press', key: 'Enter' }]) });
  });
});
