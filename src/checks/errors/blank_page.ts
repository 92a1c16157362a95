// Works: a page that answers 200 and, once loaded, shows nothing at all: no text, picture, frame or
// control on screen. A theme whose body stays `display: none` until its script marks it loaded, an app
// that never mounted, a stylesheet that hides everything. When the audit's own guard refused a script or
// stylesheet the page loads, a visitor's browser may well show it: said, not graded.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { refusedByAudit } from '../http/support/outcome.js';
import { refusedParts } from '../a11y/support/violations.js';
import { listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'errors.blank_page',
  section: 'works',
  severity: 'critical',
  title: 'Page shows nothing',
  impact: 'Visitors get an empty screen: whatever the page holds, nobody sees it, and search engines index nothing.',
  docs: '/docs/checks/errors.blank_page',
  requires: ['dom', 'requests'],
  thresholds: { blank: 'no rendered text, and no rendered image, svg, canvas, video, frame or control of 400 px² or more, once loaded', not_judged: 'pages that refresh to another address (<meta http-equiv=refresh>)' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const blank = views.loadedPages.filter(
    (p) => p.status === 200 && p.dom?.rendered_blank && views.isFirstParty(p.final_url) && !p.dom.meta.some((m) => (m.http_equiv ?? '').toLowerCase() === 'refresh'),
  );
  if (!blank.length) return [];
  // Explained where the page was laid out without a stylesheet or ran without a script the audit itself
  // could not load — the accessibility checks' own reading (a refused web font or measurement tag hides nothing).
  const { unstyled, unscripted } = refusedParts(evidence, views);
  const isExplained = (p: (typeof blank)[number]) => unstyled.has(p.final_url) || unscripted.has(p.final_url);
  const refusedOn = (page: (typeof blank)[number]) =>
    views.subresources(page).filter((r) => (r.resource_type === 'script' || r.resource_type === 'stylesheet') && refusedByAudit(r, page, evidence.blocked, views.offline)).map((r) => r.url);
  const explained = blank.filter(isExplained);
  const unexplained = blank.filter((p) => !isExplained(p));
  const drafts: FindingDraft[] = [];
  const pagesWord = (n: number) => (n === 1 ? 'A page shows' : `${n} pages show`);
  if (unexplained.length) {
    drafts.push({
      page: unexplained.length === 1 ? unexplained[0]!.final_url : undefined,
      title: `${pagesWord(unexplained.length)} nothing once loaded: no text, picture or control on screen`,
      evidence: { ...listed('pages', unexplained.map((p) => p.final_url)) },
    });
  }
  if (explained.length) {
    const refused = unique(explained.flatMap(refusedOn));
    drafts.push({
      page: explained.length === 1 ? explained[0]!.final_url : undefined,
      severity: 'info',
      title: `${pagesWord(explained.length)} nothing once loaded, where ${views.offline ? "the audit's machine (no internet access) could not load" : "the audit's URL guard refused"} ${refused.length === 1 ? 'a script or stylesheet' : `${refused.length} scripts or stylesheets`} the page loads: not verified`,
      evidence: { verified: false, ...listed('refused', refused, 10), ...listed('pages', explained.map((p) => p.final_url)) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
