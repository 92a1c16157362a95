// Pages whose accessibility run (axe) failed, as both the crawl's second run (capture/drivers/axe-alone.ts)
// and a11y.not_measured judge them: pages that answered 2xx and carry an axe record with an error, once
// per final URL (its fragment aside), and not when another visit of that URL was checked without one. Pure.
import { withoutAnchor } from './url-identity.js';
import type { PageEvidence } from './types.js';

const urlKey = (p: PageEvidence) => withoutAnchor(p.final_url);

/** Among `pages` (those the caller judges), the ones whose axe run failed, first visit of each URL. */
export function failedAxeRuns(pages: readonly PageEvidence[]): PageEvidence[] {
  const judged = pages.filter((p) => p.status !== null && p.status >= 200 && p.status <= 299 && p.accessibility);
  const measured = new Set(judged.filter((p) => !p.accessibility!.error).map(urlKey));
  const seen = new Set<string>();
  return judged.filter((p) => {
    if (!p.accessibility!.error || measured.has(urlKey(p)) || seen.has(urlKey(p))) return false;
    seen.add(urlKey(p));
    return true;
  });
}
