// Accessible: heading levels that skip a level on the way down (h2 → h4), as axe-core's best-practice
// rule `heading-order` judges them, computed from the heading outline assistive technology reads.
import type { EvidenceBundle, HeadingFact } from '../../evidence/types.js';
import { clip, groupBy, listed } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'a11y.heading_order',
  section: 'accessible',
  // axe-core files heading-order under best-practice (moderate impact), not under a WCAG success
  // criterion: a skipped level costs screen-reader users orientation, it blocks nothing.
  severity: 'info',
  title: 'Heading levels skip a level',
  impact: 'Screen-reader users navigate by headings; a jump from h2 to h4 suggests a missing section and blurs the page\'s outline.',
  docs: '/docs/checks/a11y.heading_order',
  requires: ['dom', 'page_refs'],
  thresholds: { max_level_increase: 1, hidden_headings: 'ignored', first_heading: 'any level' },
};

export interface Skip { from: number; to: number; text: string; selector: string }

/** Each heading that is more than one level deeper than the heading before it. */
export function skipsOf(outline: readonly HeadingFact[]): Skip[] {
  const skips: Skip[] = [];
  let prev: number | null = null;
  for (const h of outline) {
    if (h.hidden) continue;
    // Only h1–h6 exist for most assistive technology; aria-level beyond 6 reads as 6.
    const level = Math.min(6, h.level);
    if (prev !== null && level > prev + 1) skips.push({ from: prev, to: level, text: h.text, selector: h.selector });
    prev = level;
  }
  return skips;
}

/** A skip is known by the heading it lands on: the same level, place and words on several pages is the shared layout's. */
const skipKey = (s: Skip) => `${s.to}\u0000${s.selector}\u0000${s.text}`;

/** `"Follow us"`, or the heading's selector when it has no text (an image heading without alt). */
const named = (s: Skip) => (s.text.trim() ? `"${clip(s.text, 60)}"` : s.selector);

/** A skip as the evidence lists it. */
const skipFacts = (s: Skip) => ({ from: `h${s.from}`, to: `h${s.to}`, heading: s.text, selector: s.selector });

/** The subject of the pages'-own-skips finding, one page or many. */
const CONTENT_SKIPS = 'skips in page content';

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const audited: { url: string; outline: readonly HeadingFact[]; skips: Skip[] }[] = [];
  for (const p of evidence.pages) {
    // Like the axe-backed checks: pages that answered 2xx (an error page is judged by the http checks).
    const outline = p.status !== null && p.status >= 200 && p.status < 300 ? p.dom?.heading_outline : undefined;
    if (!outline || audited.some((a) => a.url === p.final_url)) continue;
    const skips = skipsOf(outline);
    if (skips.length) audited.push({ url: p.final_url, outline, skips });
  }
  // A skip into the same heading (level, selector, text) on several pages comes from the shared layout (a
  // sidebar or footer whose widget titles are h4): one finding for it, listing the pages, not one per page.
  const byHeading = groupBy(audited.flatMap((a) => a.skips.map((skip) => ({ url: a.url, skip }))), (x) => skipKey(x.skip));
  const shared = [...byHeading.values()].filter((g) => g.length > 1).sort((a, b) => b.length - a.length);
  const sharedKeys = new Set(shared.map((g) => skipKey(g[0]!.skip)));
  const drafts: FindingDraft[] = shared.map((g) => {
    const { skip } = g[0]!;
    const from = g.every((x) => x.skip.from === skip.from) ? `from h${skip.from} ` : '';
    return {
      title: `Heading levels skip ${from}to h${skip.to} at ${named(skip)} on ${g.length} pages`,
      // A monitor knows it by the heading, digits in its text included.
      subject: `skip to ${skipKey(skip)}`,
      evidence: {
        heading: skip.text,
        level: `h${skip.to}`,
        selector: skip.selector,
        ...listed('pages', g.map((x) => ({ url: x.url, from: `h${x.skip.from}` }))),
      },
    };
  });
  const own = audited.map((a) => ({ ...a, skips: a.skips.filter((s) => !sharedKeys.has(skipKey(s))) })).filter((a) => a.skips.length);
  if (own.length === 1) {
    const a = own[0]!;
    const first = a.skips[0]!;
    drafts.push({
      page: a.url,
      title: `Heading levels skip from h${first.from} to h${first.to}${a.skips.length > 1 ? ` (and ${a.skips.length - 1} more)` : ''}`,
      // The same finding as the several-pages form below: a monitor sees one problem as pages are fixed.
      subject: CONTENT_SKIPS,
      evidence: {
        pages: [a.url],
        ...listed('skips', a.skips.map(skipFacts)),
        outline: a.outline.filter((h) => !h.hidden).slice(0, 30).map((h) => `h${h.level} ${h.text}`),
      },
    });
  } else if (own.length > 1) {
    // Skips in each page's own content (its authors wrote h3 under h1): one finding listing the pages,
    // each with its skips, so a docs site whose pages share the habit reads as one problem.
    const firsts = own.map((a) => a.skips[0]!);
    const same = firsts.every((s) => s.from === firsts[0]!.from && s.to === firsts[0]!.to);
    drafts.push({
      title: `Heading levels skip ${same ? `from h${firsts[0]!.from} to h${firsts[0]!.to} ` : 'a level '}on ${own.length} pages`,
      subject: CONTENT_SKIPS,
      evidence: listed('pages', own.map((a) => ({
        url: a.url,
        skips: a.skips.slice(0, 5).map(skipFacts),
        skips_total: a.skips.length,
      }))),
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
