// A chaos run's steps written down the way a flow is: the reproduction shown in the report, and the
// draft flow (flow-spec v1) a person can POST to /api/v1/flows as `spec` and confirm as a regression
// test. Each acted-on element is pinned to the identity it had, so the flow touches the same one.
// History moves become a `goto` to where they landed (a flow has no back button); a near-miss click
// becomes a click on the element it was aimed at. The draft ends with the expectation that fails
// while the breakage is there (`expect_no_text`, `expect_no_errors`), so the confirmed flow catches it.
import type { Breakage } from '../evidence/types.js';
import { domainOf } from '../evidence/views.js';
import { FLOW_SPEC_VERSION, MAX_STEPS, type FlowSpec, type FlowStep } from '../flows/spec.js';
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
  // Where code can state the fix as an expectation, the flow ends with it, right after the step that
  // broke the page: it fails while the bug is there and passes once it is fixed.
  const expectation = expectationOf(startUrl, b);
  const steps: FlowStep[] = ([{ id: 's1', action: 'goto', url: startUrl }, ...flowSteps(played)] as FlowStep[]).slice(0, MAX_STEPS - (expectation ? 1 : 0));
  if (expectation) steps.push(expectation);
  return { version: FLOW_SPEC_VERSION, start_url: startUrl, variables: [], steps: steps.map((s, i) => ({ ...s, id: `s${i + 1}` })) };
}

/**
 * The expectation that fails while the breakage is there: broken text is text the page must not
 * show; an exception, a rejection, the site's own 5xx or a console error is an error on the page
 * (console errors counted only for a console-error breakage). A third party's 5xx gets none: the
 * flow's `expect_no_errors` does not count it, since it is not the site's regression.
 */
function expectationOf(startUrl: string, b: Pick<Breakage, 'kind' | 'message'>): FlowStep | null {
  switch (b.kind) {
    case 'broken_text': {
      const token = /\b(NaN|undefined)\b|\[object Object\]/.exec(b.message)?.[0];
      return token ? { id: '', action: 'expect_no_text', text: token } : null;
    }
    case 'uncaught_exception':
      return { id: '', action: 'expect_no_errors' };
    case 'console_error':
      return { id: '', action: 'expect_no_errors', console_errors: true };
    case 'server_error': {
      // The message is "<METHOD> <URL> answered <status>" (breakage.ts).
      const url = /^\S+ (\S+) answered \d+$/.exec(b.message)?.[1];
      return url && domainOf(url) === domainOf(startUrl) ? { id: '', action: 'expect_no_errors' } : null;
    }
    default:
      return null;
  }
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
