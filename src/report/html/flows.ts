// The Flows section (ungraded) as a readable timeline: each flow with its outcome, and per step
// what was done, to what, how it went, where it ended up and how long it took, with a thumbnail of
// the screenshot taken after it (full size on click, under the share link's authorization).
import { escapeHtml, safeLocalPath } from '../../html/escape.js';
import type { FlowsSection, ReportFlow, ReportFlowStep } from '../flows.js';

const OUTCOME_CLASS: Record<string, string> = { passed: 'status-succeeded', failed: 'status-failed', error: 'status-timeout', healed: 'status-timeout', skipped: 'status-other' };
const ACTION_WORDS: Record<string, string> = {
  goto: 'Go to', click: 'Click', fill: 'Fill', select: 'Select', check: 'Check', uncheck: 'Uncheck', press: 'Press', wait_for: 'Wait for',
  expect_text: 'Expect text', expect_no_text: 'Expect no text', expect_url: 'Expect URL contains', expect_status: 'Expect status', expect_visible: 'Expect visible',
  expect_no_errors: 'Expect no errors on the page',
};

function badge(outcome: string): string {
  return `<span class="badge ${OUTCOME_CLASS[outcome] ?? 'status-other'}">${escapeHtml(outcome)}</span>`;
}

/** What the step did, in words: `Fill "Password" with {{PASSWORD}}`, `Click "Sign in"`. */
export function stepSentence(s: Pick<ReportFlowStep, 'action' | 'target' | 'value'>): string {
  const verb = ACTION_WORDS[s.action] ?? s.action;
  const target = s.target ? ` “${s.target}”` : '';
  if (s.action === 'expect_no_errors') return `${verb}${s.value ? ' (console errors count too)' : ''}`;
  if (s.action === 'fill' || s.action === 'select') return `${verb}${target} with ${s.value ?? ''}`;
  if (s.target || !s.value) return `${verb}${target}`;
  // URLs, keys and statuses read bare; texts are quoted.
  return ['goto', 'press', 'expect_status'].includes(s.action) ? `${verb} ${s.value}` : `${verb} “${s.value}”`;
}

function renderStep(s: ReportFlowStep, imageBase: string | null): string {
  const src = s.screenshot && imageBase ? safeLocalPath(`${imageBase}${encodeURIComponent(s.screenshot)}`) : null;
  const thumb = src
    ? `<a class="step-shot" href="${escapeHtml(src)}"><img src="${escapeHtml(src)}" alt="Screenshot after step ${s.index + 1}" width="160" height="100" loading="lazy"></a>`
    : '<span class="step-shot empty" aria-hidden="true"></span>';
  const where = s.url ? `<span class="mono">${escapeHtml(s.url)}</span>${s.status !== null ? ` · ${escapeHtml(s.status)}` : ''}` : '';
  return (
    `<li class="step step-${escapeHtml(s.outcome)}">${thumb}<div><p><strong>${s.index + 1}.</strong> ${escapeHtml(stepSentence(s))} ${badge(s.outcome)}</p>` +
    (s.error ? `<p class="step-error">${escapeHtml(s.error)}</p>` : '') +
    (s.candidates?.length ? `<p class="muted">Nearest on the page: ${s.candidates.map(escapeHtml).join(', ')}</p>` : '') +
    `<p class="muted">${where}${where ? ' · ' : ''}${escapeHtml(s.duration_ms)} ms</p></div></li>`
  );
}

function renderFlow(f: ReportFlow, imageBase: string | null): string {
  return (
    `<article class="flow"><h4>${escapeHtml(f.name)} ${badge(f.outcome)} <span class="muted">${f.steps.length} steps · ${escapeHtml((f.duration_ms / 1000).toFixed(1))} s</span></h4>` +
    (f.error ? `<p class="step-error">${escapeHtml(f.error)}</p>` : '') +
    `<ol class="timeline">${f.steps.map((s) => renderStep(s, imageBase)).join('')}</ol></article>`
  );
}

/** `imageBase`: where the run's images are served (`/r/<token>/images/`), null when not shareable. */
export function renderFlowsSection(flows: FlowsSection | undefined, imageBase: string | null): string {
  const list = flows?.flows ?? [];
  const body = list.length ? list.map((f) => renderFlow(f, imageBase)).join('') : '<span class="muted">No flows ran in this run.</span>';
  return `<section class="flows-card" id="flows" aria-label="Flows"><h3>Flows</h3><span class="badge status-other">Not graded</span><div>${body}</div></section>`;
}
