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

  it('reports the watched kinds as warnings, with the minimal steps and the draft flow when shrinking found them', () => {
    const minimal = [{ action: 'goto', url: 'https://example.com/gifts' }, { action: 'click', target: 'Add to wishlist' }];
    const draft = { version: 'flow-spec/v1', start_url: 'https://example.com/gifts', variables: [], steps: [{ id: 's1', action: 'goto', url: 'https://example.com/gifts' }] };
    const findings = findingsOf(check, makeBundle({ chaos: chaos([
      { kind: 'dead_click', message: 'clicking button “Add to wishlist” on /gifts did nothing', step: 4, url: 'https://example.com/gifts', screenshot: null, reproduction: [], minimal, shrink: { replays: 4, reproduced: true, from: 5, to: 1 }, draft_flow: draft },
      { kind: 'endless_spinner', message: 'the loading indicator “Loading reviews…” on /reviews was still showing after 5 s', step: 0, url: 'https://example.com/reviews', screenshot: null, reproduction: [] },
      { kind: 'lost_input', message: 'what was typed into #name on /contact was lost without being sent', step: 1, url: 'https://example.com/contact', screenshot: null, reproduction: [] },
    ]) }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['warning', 'hostile found a control that does nothing after 5 steps'],
      ['warning', 'hostile found a loading indicator that never ends after 1 step'],
      ['warning', 'hostile found a form that loses what was typed after 2 steps'],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ minimal, shrink: { to: 1 }, draft_flow: draft });
    expect(findings[1]!.evidence).not.toHaveProperty('minimal');
  });
});
