import { describe, expect, it } from 'vitest';
import type { FlowEvidence, StepEvidence } from '../../evidence/types.js';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { check } from './step_failed.js';

const step = (over: Partial<StepEvidence>): StepEvidence => ({
  index: 0, step_id: 's1', action: 'click', target: 'Sign in', value: null, outcome: 'passed', error: null, resolved: null, candidates: [],
  url_before: 'https://shop.example/login', url_after: 'https://shop.example/account', status: null, started_at: '2026-01-01T00:00:00.000Z',
  duration_ms: 120, requests: [], console: [], page_errors: [], screenshot: 'img-001', ...over,
});
const flow = (steps: StepEvidence[], over: Partial<FlowEvidence> = {}): FlowEvidence => ({ flow_id: 'f1', name: 'Sign in', spec_version: 'flow-spec/v1', outcome: 'passed', error: null, steps, ...over });

describe('flows.step_failed', () => {
  it('is not applicable when no flow ran (an audit)', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it.each([
    ['every step passed', [step({}), step({ index: 1, step_id: 's2', action: 'expect_text', target: null })]],
    ['a healed step (reported as advisory, not as a failure)', [step({ outcome: 'healed', error: 'healed: …' })]],
    ['steps skipped by the deadline', [step({}), step({ index: 1, outcome: 'skipped', error: 'the run deadline left no time for it' })]],
  ])('passes: %s', (_name, steps) => {
    expect(findingsOf(check, makeBundle({ flows: [flow(steps)] }))).toEqual([]);
  });

  it('reports each failed step as critical, with the step, its error, its screenshot and the nearest candidates', () => {
    const failed = step({
      index: 2, step_id: 's3', outcome: 'failed', error: 'nothing on the page matches "Add to bag"', url_after: 'https://shop.example/products/1', screenshot: 'img-003',
      candidates: [{ role: 'button', name: 'Add to cart', label: null, text: 'Add to cart', test_id: null, css: '#primary', tag: 'button', form: null }],
    });
    const [f, ...rest] = findingsOf(check, makeBundle({ flows: [flow([step({}), step({ index: 1 }), failed], { outcome: 'failed' })] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ section: 'flows', severity: 'critical', title: 'Flow "Sign in" failed at step 3: click "Sign in"' });
    expect(f!.evidence).toMatchObject({ step: 3, step_id: 's3', error: 'nothing on the page matches "Add to bag"', screenshot: 'img-003', candidates: ['button "Add to cart"'] });
    expect(f!.evidence!.locator).toMatch(/^flows\.step_failed · \/products\/1 · /);
  });
});
