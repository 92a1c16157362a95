// Found: hreflang sets that omit the page itself, or alternates (crawled) that do not link back.
import type { EvidenceBundle } from '../../evidence/types.js';
import { normalizeUrl } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { hreflangOf } from './support/head_links.js';
import { canonicalsOf, htmlPages, type HtmlPage } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.hreflang_return_links',
  section: 'found',
  severity: 'warning',
  title: 'hreflang without self-reference or return link',
  impact: 'Google uses an hreflang pair only when both pages point to each other and each lists itself; otherwise the annotations are ignored.',
  docs: '/docs/checks/seo.hreflang_return_links',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { return_links_checked: 'only between crawled pages' },
};

/** Every address a page answers to: requested URL, final URL, canonical. */
function addressesOf(page: HtmlPage): Set<string> {
  return new Set([normalizeUrl(page.url), normalizeUrl(page.final_url), ...canonicalsOf(page)]);
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const pages = htmlPages(evidence);
  const byAddress = new Map<string, HtmlPage>();
  for (const p of pages) for (const a of addressesOf(p)) if (!byAddress.has(a)) byAddress.set(a, p);
  const bad: { url: string; problem: string; alternate?: string }[] = [];
  for (const page of pages) {
    if (!hreflangOf(page).length) continue;
    const own = addressesOf(page);
    const targets = hreflangOf(page).map((h) => normalizeUrl(h.href));
    if (!targets.some((t) => own.has(t))) bad.push({ url: page.final_url, problem: 'the hreflang set does not list the page itself' });
    for (const target of new Set(targets)) {
      if (own.has(target)) continue;
      // Return links can be judged only when the alternate was crawled; otherwise say nothing.
      const alternate = byAddress.get(target);
      if (!alternate || alternate === page) continue;
      const back = hreflangOf(alternate).some((h) => own.has(normalizeUrl(h.href)));
      if (!back) bad.push({ url: page.final_url, alternate: target, problem: `${target} does not link back with hreflang` });
    }
  }
  const pageCount = new Set(bad.map((b) => b.url)).size;
  return siteFinding(bad, (n) => `${n} hreflang link problem(s) on ${pagesWord(pageCount)}`);
}

export const check: Check = { meta, run };
