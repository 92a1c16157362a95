// Accessible: heading levels that skip a level on the way down (h2 → h4), as axe-core's best-practice
// rule `heading-order` judges them, computed from the heading outline assistive technology reads.
import type { EvidenceBundle, HeadingFact } from '../../evidence/types.js';
import { listed } from '../http/support/lists.js';
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

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const p of evidence.pages) {
    // Like the axe-backed checks: pages that answered 2xx (an error page is judged by the http checks).
    const outline = p.status !== null && p.status >= 200 && p.status < 300 ? p.dom?.heading_outline : undefined;
    if (!outline) continue;
    const skips = skipsOf(outline);
    if (!skips.length) continue;
    const first = skips[0]!;
    drafts.push({
      page: p.final_url,
      title: `Heading levels skip from h${first.from} to h${first.to}${skips.length > 1 ? ` (and ${skips.length - 1} more)` : ''}`,
      evidence: {
        ...listed('skips', skips.map((s) => ({ from: `h${s.from}`, to: `h${s.to}`, heading: s.text, selector: s.selector }))),
        outline: outline.filter((h) => !h.hidden).slice(0, 30).map((h) => `h${h.level} ${h.text}`),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
