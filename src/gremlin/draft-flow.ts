// A chaos run's steps written down the way a flow is: the reproduction shown in the report, and the
// draft flow (flow-spec v1) a person can POST to /api/v1/flows as `spec` and confirm as a regression
// test. Each acted-on element is pinned to the identity it had, so the flow touches the same one.
// History moves become a `goto` to where they landed (a flow has no back button); a near-miss click
// becomes a click on the element it was aimed at.
import type { Breakage } from '../evidence/types.js';
import { FLOW_SPEC_VERSION, type FlowSpec, type FlowStep } from '../flows/spec.js';
import type { GremlinAction } from './personas.js';

/** One step of a walk as it was taken: the move, where it ended, and when. */
export interface Played {
  action: GremlinAction;
  urlAfter: string;
  at: string;
}

export type ReproStep = Breakage['reproduction'][number];

const nameOf = (t: { name: string | null; text: string | null; label?: string | null; css: string | null }, field = false) =>
  ((field ? t.label ?? t.name : t.name ?? t.text) ?? t.text ?? t.css ?? '').slice(0, 200) || 'element';

/** The steps from the start page, in flow-spec step form (goto, click, fill, press). */
export function reproductionOf(startUrl: string, played: Played[]): ReproStep[] {
  return [{ action: 'goto', url: startUrl }, ...flowSteps(played).map(({ action, target, value, url, key }) => strip({ action, target, value: value?.slice(0, 200), url, key }))];
}

export function draftFlowOf(startUrl: string, played: Played[], b: Pick<Breakage, 'kind' | 'message'>): FlowSpec {
  const steps: FlowStep[] = [{ id: 's1', action: 'goto', url: startUrl }, ...flowSteps(played)];
  // Where code can state the fix as an expectation, the flow ends with it (it fails until fixed).
  const token = b.kind === 'broken_text' ? /\b(NaN|undefined)\b|\[object Object\]/.exec(b.message)?.[0] : undefined;
  if (token) steps.push({ id: 'expect', action: 'expect_no_text', text: token });
  return { version: FLOW_SPEC_VERSION, start_url: startUrl, variables: [], steps: steps.slice(0, 100).map((s, i) => ({ ...s, id: `s${i + 1}` })) };
}

function flowSteps(played: Played[]): FlowStep[] {
  const out: FlowStep[] = [];
  for (const { action: a, urlAfter, at } of played) {
    const pin = (t: Extract<GremlinAction, { target: unknown }>['target']) => ({
      role: t.role, name: t.name, label: t.label, text: t.text, test_id: t.test_id, css: t.css, tag: t.tag, form: t.form, pinned_at: at.slice(0, 40),
    });
    switch (a.kind) {
      case 'click':
        for (let i = 0; i < a.repeat; i++) out.push({ id: '', action: 'click', target: nameOf(a.target), pinned: pin(a.target) });
        break;
      case 'click_near':
        out.push({ id: '', action: 'click', target: nameOf(a.target), pinned: pin(a.target) });
        break;
      case 'fill':
        out.push({ id: '', action: 'fill', target: nameOf(a.target, true), value: a.value.slice(0, 2000), pinned: pin(a.target) });
        if (a.submit) out.push({ id: '', action: 'press', key: 'Enter' });
        break;
      case 'press':
        out.push({ id: '', action: 'press', key: a.key });
        break;
      case 'back':
      case 'forward':
        if (/^https?:/.test(urlAfter)) out.push({ id: '', action: 'goto', url: urlAfter.slice(0, 2048) });
        break;
    }
  }
  return out;
}

function strip(s: ReproStep): ReproStep {
  return Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)) as ReproStep;
}
