// Accessible: pages the accessibility engine could not check (axe-core errored or ran out of time, in
// the crawl and again on the page alone). Such a page is not measured: it must never count as a pass.
import { failedAxeRuns } from '../../evidence/axe-runs.js';
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { MAX_PAGES } from './support/violations.js';

export const meta: CheckMeta = {
  id: 'a11y.not_measured',
  section: 'accessible',
  // WCAG 2.2 conformance requirement 5.2.2 (full pages): conformance is claimed for whole pages only.
  // A page whose automated check never ran cannot be called clean, so the section cannot read as clean.
  severity: 'warning',
  title: 'Accessibility was not checked on some pages',
  impact: 'The automated accessibility check did not finish on these pages, so their barriers (contrast, names, labels…) are unknown; the Accessible grade does not cover them.',
  docs: '/docs/checks/a11y.not_measured',
  // Not `accessibility`: that part is missing exactly when axe failed on every page, the case this check exists for.
  requires: ['pages'],
  optional: ['accessibility', 'dom'],
};

/** Pages of the site whose axe run failed (evidence/axe-runs.ts: 2xx, once per final URL, not checked on another visit). */
export function unmeasuredPages(evidence: EvidenceBundle, views: EvidenceViews): PageEvidence[] {
  return failedAxeRuns(evidence.pages.filter((p) => views.isFirstParty(p.final_url)));
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const pages = unmeasuredPages(evidence, views);
  // A page that showed nothing once loaded (errors.blank_page) gave axe nothing to read: its clean result
  // covers nothing. Said, at info: the blank page is graded where it belongs, in Works.
  const unmeasured = new Set(pages.map((p) => p.final_url));
  const blank = views.loadedPages.filter((p) => p.status === 200 && p.dom?.rendered_blank && views.isFirstParty(p.final_url) && !unmeasured.has(p.final_url));
  const drafts: FindingDraft[] = blank.length
    ? [{
        page: blank.length === 1 ? blank[0]!.final_url : undefined,
        severity: 'info',
        title: `Accessibility was not checked on ${blank.length} page${blank.length === 1 ? '' : 's'} that showed nothing when loaded here`,
        subject: 'blank pages',
        evidence: { pages: blank.slice(0, MAX_PAGES).map((p) => ({ url: p.final_url })), pages_total: blank.length },
      }]
    : [];
  if (!pages.length) return drafts;
  const n = pages.length;
  // A page where axe also failed loaded alone, after the crawl, is not measurable here: the grade must not
  // read as covering it. One where it only ran out of time in the crawl, with other pages loading beside it,
  // and was not tried again (the second pass takes a few) says more of the audit's load than of the page:
  // said, at info, unless no page at all was measured.
  const aloneToo = pages.filter((p) => p.accessibility!.crawl_error !== undefined).length;
  const anyMeasured = evidence.pages.some((p) => p.accessibility && !p.accessibility.error && views.isFirstParty(p.final_url));
  const weighed = aloneToo > 0 || !anyMeasured;
  return [...drafts, {
    page: n === 1 ? pages[0]!.final_url : undefined,
    ...(weighed ? {} : { severity: 'info' as const }),
    title: weighed
      ? `Accessibility was not checked on ${n} page${n === 1 ? '' : 's'}`
      : `Accessibility was not checked on ${n} page${n === 1 ? '' : 's'} where axe did not finish during the crawl (not tried again alone)`,
    evidence: {
      pages: pages.slice(0, MAX_PAGES).map((p) => ({
        url: p.final_url,
        error: p.accessibility!.error,
        ...(p.accessibility!.crawl_error !== undefined ? { crawl_error: p.accessibility!.crawl_error } : {}),
      })),
      pages_total: n,
      failed_alone_too: aloneToo,
      engine: pages[0]!.accessibility!.engine,
    },
  }];
}

export const check: Check = { meta, run };
