// The in-page scripts are plain JavaScript in template strings: an escape lost in a regex (`\s` written
// where `\\s` was meant) breaks a whole script at parse time, and every page then has no DOM facts.
// Each must at least parse.
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { benchmarkIndexScript } from './benchmark-index.js';
import { FINDER } from './consent-finder.js';
import { DOM_FACTS_SCRIPT } from './dom-facts.js';
import { IMAGE_ERRORS_SCRIPT } from './image-errors.js';
import { HISTORY_HOOK_SCRIPT, navCandidatesScript, READ_LINKS_SCRIPT, READ_ROUTES_SCRIPT } from './nav-candidates.js';
import { PAGE_REFS_SCRIPT } from './page-refs.js';
import { READ_REFLOW_SCRIPT } from './reflow.js';
import { INSTANT_SCROLL_OFF, INSTANT_SCROLL_ON, keyControlCandidatesScript, markUnfocusedScript, menuCandidatesScript, menuShownScript, pointerOnlyScript, READ_FOCUS_STOP_SCRIPT } from './focus-walk.js';
import { NEUTRAL_POINT_SCRIPT } from './pointer.js';
import { MARK_SHOWN_SCRIPT, readRevealedScript, revealersScript } from './revealed.js';
import { FINISH_ANIMATIONS_SCRIPT, SETTLE_SCRIPTED_FADES_SCRIPT } from '../axe.js';
import { REVEAL_BY_SCROLL_SCRIPT, WAITING_REVEAL_SCRIPT } from './scroll-reveal.js';
import { IMAGE_PIXELS_SCRIPT } from './image-pixels.js';
import { PERF_OBSERVER_SCRIPT, READ_PERF_SCRIPT } from './perf-observer.js';

describe('in-page scripts', () => {
  const scripts: [string, string][] = [
    ['benchmarkIndexScript', benchmarkIndexScript(250)], ['FINDER', `(${FINDER})`], ['DOM_FACTS_SCRIPT', DOM_FACTS_SCRIPT],
    ['IMAGE_ERRORS_SCRIPT', IMAGE_ERRORS_SCRIPT], ['HISTORY_HOOK_SCRIPT', HISTORY_HOOK_SCRIPT], ['READ_ROUTES_SCRIPT', READ_ROUTES_SCRIPT],
    ['navCandidatesScript', navCandidatesScript(10)], ['PAGE_REFS_SCRIPT', PAGE_REFS_SCRIPT], ['IMAGE_PIXELS_SCRIPT', IMAGE_PIXELS_SCRIPT], ['PERF_OBSERVER_SCRIPT', PERF_OBSERVER_SCRIPT],
    ['READ_PERF_SCRIPT', READ_PERF_SCRIPT], ['READ_LINKS_SCRIPT', READ_LINKS_SCRIPT], ['READ_REFLOW_SCRIPT', READ_REFLOW_SCRIPT], ['FINISH_ANIMATIONS_SCRIPT', FINISH_ANIMATIONS_SCRIPT], ['SETTLE_SCRIPTED_FADES_SCRIPT', SETTLE_SCRIPTED_FADES_SCRIPT], ['WAITING_REVEAL_SCRIPT', WAITING_REVEAL_SCRIPT], ['REVEAL_BY_SCROLL_SCRIPT', REVEAL_BY_SCROLL_SCRIPT],
    ['revealersScript', revealersScript(6, true)], ['MARK_SHOWN_SCRIPT', MARK_SHOWN_SCRIPT], ['readRevealedScript', readRevealedScript(6)],
    ['markUnfocusedScript', markUnfocusedScript(600)], ['READ_FOCUS_STOP_SCRIPT', READ_FOCUS_STOP_SCRIPT], ['pointerOnlyScript', pointerOnlyScript(60)], ['keyControlCandidatesScript', keyControlCandidatesScript(20)], ['INSTANT_SCROLL_ON', INSTANT_SCROLL_ON], ['INSTANT_SCROLL_OFF', INSTANT_SCROLL_OFF],
    ['menuCandidatesScript', menuCandidatesScript(8)], ['menuShownScript', menuShownScript(0)], ['NEUTRAL_POINT_SCRIPT', NEUTRAL_POINT_SCRIPT],
  ];
  it.each(scripts)('%s parses', (_name, source) => {
    expect(() => new Script(source)).not.toThrow();
  });
});
