// One finding for the links of one kind (mailto:, tel:) on the site's own pages that a check finds wrong:
// each distinct link once, with the pages that carry it (a footer's link on every page is one link).
import type { LinkFact } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import { groupBy, listed, unique } from '../../http/support/lists.js';
import type { FindingDraft } from '../../types.js';

/**
 * The finding for the links whose href matches `scheme` and for which `problemOf` says what is wrong,
 * titled by `title` from the number of links and the first one's problem; none when none is wrong.
 */
export function linkProblemFinding(
  views: EvidenceViews,
  scheme: RegExp,
  problemOf: (link: LinkFact) => string | null,
  title: (links: number, firstProblem: string) => string,
): FindingDraft[] {
  const found: { href: string; text: string; problem: string; page: string }[] = [];
  for (const page of views.loadedPages) {
    if (page.status! >= 400 || !views.isFirstParty(page.final_url)) continue;
    for (const l of page.dom?.links ?? []) {
      if (!scheme.test(l.href)) continue;
      const problem = problemOf(l);
      if (problem) found.push({ href: l.href, text: l.text, problem, page: page.final_url });
    }
  }
  if (!found.length) return [];
  const links = [...groupBy(found, (f) => `${f.href}\u0000${f.text}`).values()].map((g) => ({
    href: g[0]!.href,
    text: g[0]!.text,
    problem: g[0]!.problem,
    ...listed('pages', unique(g.map((f) => f.page)), 5),
  }));
  const pages = unique(found.map((f) => f.page));
  return [
    {
      page: pages.length === 1 ? pages[0] : undefined,
      title: title(links.length, links[0]!.problem),
      evidence: { ...listed('links', links), ...listed('pages', pages) },
    },
  ];
}
