import { describe, expect, it } from 'vitest';
import type { StepTargetIdentity } from '../evidence/types.js';
import { validateSpec } from '../flows/validate-spec.js';
import { draftFlowOf, reproductionOf, type Played } from './draft-flow.js';

const el = (role: string, name: string | null, css: string, label: string | null = null): StepTargetIdentity => ({ role, name, label, text: name, test_id: null, css, tag: role === 'textbox' ? 'input' : 'button', form: null });
const at = '2026-11-25T10:00:00.000Z';
const start = 'https://shop.example/gifts';
const played: Played[] = [
  { action: { kind: 'click', target: el('button', 'Add', '#add'), repeat: 2 }, urlAfter: start, at },
  { action: { kind: 'click_near', target: el('link', 'Cart', 'nav > a:nth-of-type(5)'), dx: 9, dy: -12 }, urlAfter: 'https://shop.example/cart', at },
  { action: { kind: 'back' }, urlAfter: start, at },
  { action: { kind: 'fill', target: el('textbox', null, '#qty', 'How many cards?'), value: 'hlelo', submit: true }, urlAfter: start, at },
  { action: { kind: 'press', key: 'Escape' }, urlAfter: start, at },
  { action: { kind: 'click', target: el('button', null, '#icon'), repeat: 1 }, urlAfter: start, at },
];

describe('the draft flow of a breakage', () => {
  it('writes the moves as flow-spec steps: repeats, near-misses as clicks, history moves as a goto to where they landed', () => {
    expect(reproductionOf(start, played)).toEqual([
      { action: 'goto', url: start }, { action: 'click', target: 'Add' }, { action: 'click', target: 'Add' }, { action: 'click', target: 'Cart' },
      { action: 'goto', url: start }, { action: 'fill', target: 'How many cards?', value: 'hlelo' }, { action: 'press', key: 'Enter' }, { action: 'press', key: 'Escape' },
      { action: 'click', target: '#icon' },
    ]);
  });

  it('is valid flow-spec v1, pins every element, and states broken text as the last expectation', () => {
    const spec = draftFlowOf(start, played, { kind: 'broken_text', message: 'the page shows “Total: NaN”' });
    expect(validateSpec(JSON.parse(JSON.stringify(spec)))).toMatchObject({ ok: true });
    expect(spec.steps.map((s) => s.id)).toEqual(spec.steps.map((_, i) => `s${i + 1}`));
    expect(spec.steps.filter((s) => s.action === 'click').every((s) => s.pinned?.css && s.pinned.pinned_at === at)).toBe(true);
    expect(spec.steps.at(-1)).toEqual({ id: 's10', action: 'expect_no_text', text: 'NaN' });
    const other = draftFlowOf(start, played.slice(0, 1), { kind: 'dead_click', message: 'clicking button “Add” did nothing' });
    expect(other.steps.map((s) => s.action)).toEqual(['goto', 'click', 'click']);
  });

  it.each([
    ['an uncaught exception', { kind: 'uncaught_exception', message: 'TypeError: x is undefined' }, { action: 'expect_no_errors' }],
    ['a 5xx from the site', { kind: 'server_error', message: 'GET https://shop.example/help/returns answered 500' }, { action: 'expect_no_errors' }],
    ['a 5xx from another host of the site', { kind: 'server_error', message: 'POST https://api.shop.example/cart answered 503' }, { action: 'expect_no_errors' }],
    ['a console error (console errors count)', { kind: 'console_error', message: 'price is not a number' }, { action: 'expect_no_errors', console_errors: true }],
  ] as const)('ends with expect_no_errors right after the breaking step for %s', (_name, b, want) => {
    const spec = draftFlowOf(start, played.slice(0, 1), b);
    expect(spec.steps.map((s) => s.action)).toEqual(['goto', 'click', 'click', 'expect_no_errors']);
    expect(spec.steps.at(-1)).toEqual({ id: 's4', ...want });
    expect(validateSpec(JSON.parse(JSON.stringify(spec)))).toMatchObject({ ok: true });
  });

  it("adds nothing for a third party's 5xx (not the site's regression), and keeps the expectation in a 100-step draft", () => {
    expect(draftFlowOf(start, played.slice(0, 1), { kind: 'server_error', message: 'GET https://cdn.widgets.example/w.js answered 502' }).steps.at(-1)?.action).toBe('click');
    const long = draftFlowOf(start, Array(120).fill(played[0]!), { kind: 'uncaught_exception', message: 'TypeError' });
    expect(long.steps).toHaveLength(100);
    expect(long.steps.at(-1)).toEqual({ id: 's100', action: 'expect_no_errors' });
  });
});
