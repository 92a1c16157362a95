// chaos.breakage: something a chaos run's persona did broke the site, as code saw it — an uncaught
// exception, a 5xx answer, a console error, a blank page, NaN/undefined/[object Object] on screen,
// a dead click, a loading indicator that never ends, a field that lost what was typed. Each finding
// carries the steps that reproduce it, the minimal steps shrinking found, a draft flow and a screenshot.
import type { Check } from '../types.js';

const SEVERITY = {
  uncaught_exception: 'critical', server_error: 'critical', blank_page: 'critical', broken_text: 'warning', console_error: 'warning',
  dead_click: 'warning', endless_spinner: 'warning', lost_input: 'warning',
} as const;
const WORDS = {
  uncaught_exception: 'an uncaught exception', server_error: 'a server error', blank_page: 'a blank page', broken_text: 'broken text on screen', console_error: 'a console error',
  dead_click: 'a control that does nothing', endless_spinner: 'a loading indicator that never ends', lost_input: 'a form that loses what was typed',
} as const;

export const check: Check = {
  meta: {
    id: 'chaos.breakage',
    section: 'works',
    severity: 'critical',
    title: 'A visitor can break this page',
    impact: 'A visitor acting like this persona meets an error, a blank page or nonsense on screen; the steps below reproduce it.',
    docs: '/docs/checks/chaos.breakage',
    requires: ['chaos'],
  },
  run(bundle) {
    const chaos = bundle.chaos;
    if (!chaos) return [];
    return chaos.breakages.map((b) => ({
      page: b.url,
      severity: SEVERITY[b.kind],
      title: `${chaos.persona.replace(/_/g, ' ')} found ${WORDS[b.kind]} after ${b.step + 1} step${b.step === 0 ? '' : 's'}`,
      evidence: {
        kind: b.kind, message: b.message, persona: chaos.persona, seed: chaos.seed, step: b.step + 1, screenshot: b.screenshot, reproduction: b.reproduction,
        ...(b.minimal ? { minimal: b.minimal, shrink: b.shrink, draft_flow: b.draft_flow } : {}),
      },
    }));
  },
};
