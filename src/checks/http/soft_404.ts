// Works: a page answers 200 but its title or main heading says "page not found" (a soft 404).
import type { EvidenceBundle } from '../../evidence/types.js';
import { htmlPages } from '../seo/support/html_pages.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { notFoundPhrase } from './support/not_found_text.js';

export const meta: CheckMeta = {
  id: 'http.soft_404',
  section: 'works',
  severity: 'warning',
  title: 'Missing page answers 200 (soft 404)',
  impact: 'Visitors land on a "not found" page that claims success, so search engines index error pages and monitoring never sees the broken link.',
  docs: '/docs/checks/http.soft_404',
  requires: ['dom', 'headers'],
  thresholds: { matched_on: 'title or h1, whole phrase or whole segment' },
};

/**
 * The site's error page at its own address (`/404.html`, `/404/`, `/not-found/`): static hosts serve the
 * file that answers missing addresses, and a request for the file itself finds it, with 200. It is no
 * missing page answering 200; a link to it (a theme's HTML sitemap listing every file) is worth a note.
 */
const ERROR_PAGE_ITSELF = /\/(?:404|not[-_]?found|page[-_]?not[-_]?found|error[-_]?404|404[-_]?error)(?:\.html?|\.php)?\/?$/i;

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const page of htmlPages(evidence)) {
    const fromTitle = notFoundPhrase(page.title);
    const h1 = page.dom.headings.find((h) => h.level === 1 && notFoundPhrase(h.text));
    const phrase = fromTitle ?? (h1 ? notFoundPhrase(h1.text) : null);
    if (!phrase) continue;
    const path = new URL(page.final_url).pathname;
    // Asked for by its own address, not reached by a redirect from a missing one (the classic soft 404:
    // a missing URL sent on to /404.html, answering 200).
    const itself = ERROR_PAGE_ITSELF.test(new URL(page.url).pathname) && page.url === page.final_url && !page.redirect_chain?.length;
    drafts.push({
      page: page.url,
      ...(itself ? { severity: 'info' as const } : {}),
      title: itself ? `The site's error page is linked at its own address, ${path}, which answers 200 as a file` : `${path} says "${phrase}" but answers 200`,
      evidence: {
        url: page.url,
        final_url: page.final_url,
        status: page.status,
        matched: phrase,
        matched_in: fromTitle ? 'title' : 'h1',
        title: page.title,
        h1: h1?.text ?? null,
        found_on: page.found_on,
        ...(itself ? { error_page_itself: true } : {}),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
