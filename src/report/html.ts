// The HTML report: a pure function of the report JSON. Grades first, then what to fix first, then
// findings (with the Fast timeline and the consent states), then how it was measured.
// Everything inside the report is untrusted site content and goes through escapeHtml or the link filter.
import { renderDocument, ASSET_PATHS } from '../html/chrome.js';
import { escapeHtml } from '../html/escape.js';
import { isTerminal, type Report } from './build.js';
import { findingContext, renderFindings } from './html/findings.js';
import { renderFixFirst } from './html/fix-first.js';
import { renderTimeline } from './html/timeline.js';
import { renderConsent } from './html/consent.js';
import { hostOf, statusLabel } from './html/format.js';
import { renderGradeCards } from './html/grades.js';
import { renderFlowsSection } from './html/flows.js';
import { renderChanges } from './html/changes.js';
import { renderChaos } from './html/chaos.js';
import { renderRunHeader } from './html/header.js';
import { partialExplanation, renderMeasured, renderPages } from './html/measured.js';
import { PROGRESS_HEAD, renderProgressBody } from './html/progress.js';

export { REPORT_PAGE_JS } from './html/progress-script.js';

export interface ReportHtmlOptions {
  /** The run's SSE progress stream, followed by the progress page. */
  eventsUrl: string;
  /** Prefix for finding doc paths: '' gives /docs/checks/<id>. */
  docsBase: string;
  /** Where the run's images are served (`/r/<token>/images/`); omitted: no thumbnails. */
  imageBase?: string | null;
}

/** Statuses whose page shows the reason and no grades, even when some evidence was graded. */
const NO_GRADE_STATUSES = ['failed', 'blocked'];

const FAILURE_HEADINGS: Record<string, string> = {
  failed: 'The audit could not be completed',
  blocked: 'siteqa refused to audit this address',
  timeout: 'The audit ran out of time before any page could be graded',
};

function footer(report: Report): string[] {
  const versions = [
    `report v${escapeHtml(report.report_version)}`,
    report.rubric_version !== undefined ? `rubric v${escapeHtml(report.rubric_version)}` : '',
    report.evidence_schema_version !== undefined ? `evidence schema v${escapeHtml(report.evidence_schema_version)}` : '',
  ].filter(Boolean);
  return [
    'Grades count machine-verified findings only. Model opinions are labelled and never change a grade or a count.',
    `Run <span class="mono">${escapeHtml(report.run_id)}</span> · ${versions.join(' · ')}`,
  ];
}

function renderFailure(report: Report): string {
  const heading = FAILURE_HEADINGS[report.status] ?? `The audit ended: ${statusLabel(report.status)}`;
  const reason = report.failure_reason?.trim() || 'No reason was recorded for this run.';
  const pages = report.pages?.length
    ? `<section class="panel" aria-labelledby="tried-title"><h3 id="tried-title">Pages attempted</h3>${renderPages(report.pages)}</section>`
    : '';
  return (
    renderRunHeader(report) +
    `<section class="failure" role="alert" aria-labelledby="failure-title"><h2 id="failure-title">${escapeHtml(heading)}</h2>` +
    `<p class="failure-reason">${escapeHtml(reason)}</p>` +
    `<p class="muted">No grades are given for this run. <a href="/">Start a new audit</a></p></section>` +
    pages
  );
}

function renderFull(report: Report, opts: ReportHtmlOptions): string {
  const sections = report.sections!;
  const imageBase = opts.imageBase ?? null;
  const ctx = findingContext(report, opts.docsBase, imageBase);
  const notices = [
    report.status !== 'succeeded' && report.failure_reason
      ? `<p class="notice"><strong>${escapeHtml(statusLabel(report.status))}:</strong> ${escapeHtml(report.failure_reason)}</p>`
      : '',
    report.partial ? `<p class="notice">${escapeHtml(partialExplanation(report))}</p>` : '',
  ].join('');
  return (
    renderRunHeader(report) +
    notices +
    renderChanges(report.changes) +
    renderChaos(report.chaos, report.findings ?? [], report.url) +
    `<section aria-labelledby="grades-title"><h2 id="grades-title" class="sr-only">Grades</h2>${renderGradeCards(sections)}${renderFlowsSection(report.flows, opts.imageBase ?? null)}</section>` +
    renderFixFirst(report.findings ?? [], ctx.ids) +
    renderFindings(report.findings ?? [], sections, report.checks ?? [], ctx, {
      fast: renderTimeline(report.pages, imageBase),
      compliant: renderConsent(report.consent, imageBase),
    }) +
    renderMeasured(report, opts.docsBase, imageBase)
  );
}

export function renderReportHtml(report: Report, opts: ReportHtmlOptions): string {
  const title = `Audit of ${hostOf(report.url)} — siteqa`;
  if (!isTerminal(report.status) && !report.sections) {
    return renderDocument({
      title,
      noindex: true,
      head: PROGRESS_HEAD,
      scripts: [ASSET_PATHS.reportJs],
      body: renderProgressBody(report, opts.eventsUrl),
      footer: [`Run <span class="mono">${escapeHtml(report.run_id)}</span>`],
    });
  }
  const failed = NO_GRADE_STATUSES.includes(report.status) || !report.sections;
  return renderDocument({
    title,
    noindex: true,
    body: failed ? renderFailure(report) : renderFull(report, opts),
    footer: footer(report),
  });
}
