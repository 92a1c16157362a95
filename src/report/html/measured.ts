// "How this was measured": lab conditions, the pages visited with their status, and every check's outcome.
import type { CheckOutcome, CheckResult } from '../../checks/types.js';
import type { LoginConditions, MeasurementConditions } from '../../evidence/types.js';
import { displayPath, escapeHtml, externalLink } from '../../html/escape.js';
import { uncheckedNote, type Report, type ReportPage } from '../build.js';
import { formatDuration, plural, sectionName } from './format.js';
import { renderShot } from './shots.js';

export const PARTIAL_EXPLANATION = 'The run hit its deadline: these grades cover the pages visited.';

/** The notice of a partial report: the deadline, checks that could not run, or both. */
export function partialExplanation(report: Report): string {
  const unchecked = report.checks ? uncheckedNote(report.checks) : null;
  if (!unchecked) return PARTIAL_EXPLANATION;
  return report.status === 'timeout' ? `${PARTIAL_EXPLANATION} ${unchecked}.` : `${unchecked}.`;
}

const OUTCOME_LABELS: Record<CheckOutcome, string> = {
  passed: 'Passed',
  failed: 'Failed',
  not_applicable: 'Not applicable',
  error: 'Error',
};

/** Throttling fields hold a word like "none"; say it in a sentence a reader can check. */
function throttling(value: string): string {
  return !value || value === 'none' ? 'none (lab conditions, unthrottled)' : value;
}

/** The measuring pass in one line: the machine's calibrated speed and what was loaded alone. */
function timingLine(t: NonNullable<MeasurementConditions['timing']>): string {
  const index = t.benchmark_index === null ? 'CPU benchmark unavailable' : `CPU benchmarkIndex ${t.benchmark_index}${t.benchmark_index < t.benchmark_floor ? ` (under ${t.benchmark_floor}: too loaded to judge paint and main-thread timings)` : ''}`;
  return `${index}; ${t.pages_measured} page${t.pages_measured === 1 ? '' : 's'} measured alone in ${t.loads} load${t.loads === 1 ? '' : 's'}${t.skipped ? ` (${t.skipped})` : ''}`;
}

export function renderConditions(c: MeasurementConditions | undefined): string {
  if (!c) return '<p class="muted">The measurement conditions were not recorded.</p>';
  const rows: [string, string][] = [
    ['Browser', escapeHtml(c.browser)],
    ['Viewport', `${escapeHtml(c.viewport?.width)} × ${escapeHtml(c.viewport?.height)} px`],
    ['Network throttling', escapeHtml(throttling(c.network_throttling))],
    ['CPU throttling', escapeHtml(throttling(c.cpu_throttling))],
    ['Pages in parallel', escapeHtml(c.page_concurrency)],
    ['Page limit', escapeHtml(c.max_pages)],
    ['Run deadline', escapeHtml(formatDuration(c.deadline_ms))],
    ['User agent', `<span class="mono">${escapeHtml(c.user_agent)}</span>`],
    ...(c.timing ? [['Timings', escapeHtml(timingLine(c.timing))] as [string, string]] : []),
    ...(c.app_model ? [['App model', `${escapeHtml(c.app_model.domain)}, version ${escapeHtml(c.app_model.version)}`] as [string, string]] : []),
    ...(c.login ? [['Logged in', escapeHtml(loginLine(c.login))] as [string, string]] : []),
  ];
  return (
    `<dl class="kv">${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>` +
    (c.timing
      ? '<p class="muted small">Timings come from loads on the audit server, without throttling: a slow timing counts only when two loads of the page alone in the browser confirm it. They are not field data from real visitors.</p>'
      : '<p class="muted small">Timings come from a single load of each page on the audit server, without throttling; they vary between runs and are not field data from real visitors.</p>')
  );
}

function pageRow(p: ReportPage, imageBase: string | null): string {
  const code = p.status === null ? '—' : String(p.status);
  const cls = p.status === null || p.status >= 400 ? 'sev-critical' : p.status >= 300 ? 'sev-warning' : 'out-passed';
  const redirected = p.final_url && p.final_url !== p.url ? ` <span class="muted">→ ${externalLink(p.final_url, displayPath(p.final_url))}</span>` : '';
  const title = p.title ? `<br><span class="muted">${escapeHtml(p.title)}</span>` : '';
  const error = p.navigation_error ? `<br><span class="muted">Did not load: ${escapeHtml(p.navigation_error)}</span>` : '';
  const clicks = p.reached_by?.clicks.map((c) => `“${c}”`).join(' → ');
  const reached = p.reached_by && clicks
    ? `<br><span class="muted">Reached by clicking ${escapeHtml(clicks)} on ${escapeHtml(displayPath(p.reached_by.from))}${p.reached_by.after_click ? ' (as it stood right after the click)' : ''}</span>`
    : '';
  const shot = renderShot(imageBase, p.screenshot, { label: `Screenshot of ${displayPath(p.final_url)} (full size)`, cls: 'shot-page' }) ||
    (imageBase ? '<span class="shot shot-page shot-none" aria-hidden="true"></span>' : '');
  return `<li>${shot}<span class="badge code ${cls}">${escapeHtml(code)}</span><span class="path">${externalLink(p.url, displayPath(p.url), 'mono')}${redirected}${title}${reached}${error}</span></li>`;
}

/** The visited pages with their status; with a picture of each when the report is shown under its share link. */
export function renderPages(pages: readonly ReportPage[] | undefined, imageBase: string | null = null): string {
  if (!pages?.length) return '<p class="muted">No page was loaded.</p>';
  const gallery = imageBase && pages.some((p) => p.screenshot) ? imageBase : null;
  return `<ol class="pages${gallery ? ' gallery' : ''}">${pages.map((p) => pageRow(p, gallery)).join('')}</ol>`;
}

function checkRow(c: CheckResult, docsBase: string): string {
  const label = OUTCOME_LABELS[c.outcome] ?? c.outcome;
  const cls = c.outcome in OUTCOME_LABELS ? `out-${c.outcome}` : 'status-other';
  const found = c.outcome === 'failed' ? ` <span class="muted">(${plural(c.findings, 'finding')})</span>` : '';
  const reason = c.reason ? `<br><span class="muted">${escapeHtml(c.reason)}</span>` : '';
  const href = `${docsBase.replace(/\/+$/, '')}/docs/checks/${encodeURIComponent(c.id)}`;
  return (
    `<li><span class="badge outcome ${cls}">${escapeHtml(label)}</span>` +
    `<span class="cid"><a class="mono" href="${escapeHtml(href)}">${escapeHtml(c.id)}</a> <span class="muted">· ${escapeHtml(sectionName(c.section))}</span>${found}${reason}</span></li>`
  );
}

export function renderCheckList(checks: readonly CheckResult[] | undefined, docsBase: string): string {
  if (!checks?.length) return '<p class="muted">No checks ran.</p>';
  const tally = (o: CheckOutcome) => checks.filter((c) => c.outcome === o).length;
  const summary = [
    `${tally('passed')} passed`,
    `${tally('failed')} failed`,
    `${tally('not_applicable')} not applicable`,
    `${plural(tally('error'), 'error')}`,
  ].join(' · ');
  return (
    `<details class="checks"><summary>All ${plural(checks.length, 'check')}: ${summary}</summary>` +
    `<ol class="check-list">${checks.map((c) => checkRow(c, docsBase)).join('')}</ol></details>`
  );
}

export function renderMeasured(report: Report, docsBase: string, imageBase: string | null = null): string {
  const pages = report.pages ?? [];
  return (
    `<section aria-labelledby="measured-title"><h2 id="measured-title">How this was measured</h2>` +
    (report.partial ? `<p class="notice">${escapeHtml(partialExplanation(report))}</p>` : '') +
    `<div class="panel"><details class="conditions"><summary><h3>Conditions</h3> <span class="muted small">browser, viewport, throttling, limits</span></summary>${renderConditions(report.conditions)}</details></div>` +
    `<div class="panel"><h3>Pages visited (${pages.length})</h3>${renderPages(pages, imageBase)}</div>` +
    (report.notes?.length ? `<div class="panel"><h3>Notes</h3><ul>${report.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul></div>` : '') +
    `<div class="panel"><h3>Checks</h3><p class="muted small">Grades count verified findings only; info findings never move a grade.</p>${renderCheckList(report.checks, docsBase)}</div>` +
    `</section>`
  );
}

function loginLine(l: LoginConditions): string {
  if (l.outcome === 'logged_in') {
    return `as ${l.account}${l.submitted.length ? ` (the login's own submit, ${l.submitted.map((r) => `${r.method} ${r.url}`).join(', ')}, let through as the login's authorized write)` : ''}`;
  }
  return `no${l.account ? `, not as ${l.account}` : ''}: ${l.reason ?? 'not attempted'}`;
}
