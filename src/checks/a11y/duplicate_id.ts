// Accessible: ids carried by several elements (the HTML rule: an id is unique in its document),
// other than those labels and ARIA point at (a11y.duplicate_id_aria), repeated inline SVG internals and
// the hidden copies carousels make of their slides.
import type { DuplicateIdFact, EvidenceBundle } from '../../evidence/types.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'a11y.duplicate_id',
  section: 'accessible',
  // axe-core rated duplicate-id "minor" and deprecated it when WCAG 2.2 made 4.1.1 Parsing obsolete:
  // browsers repair the DOM, and the harm is to fragment links and scripts, not a barrier by itself.
  severity: 'info',
  title: 'Several elements share an id',
  impact: 'A fragment link, a script or a style aimed at the id reaches only the first element, so the others misbehave in ways that are hard to trace.',
  docs: '/docs/checks/a11y.duplicate_id',
  requires: ['dom', 'page_refs'],
  thresholds: { max_elements_per_id: 1, label_and_aria_references: 'a11y.duplicate_id_aria', all_svg: 'ignored', hidden_copies: 'ignored when at most one occurrence is not a hidden copy (carousel clones)' },
};

/** The references a11y.duplicate_id_aria reports (labels and aria-* id references). */
const ARIA_OR_LABEL = /^(label for|aria-)/;

/** Duplicates this check reports: not all-SVG, not already reported as a label/ARIA duplicate. */
export function reportable(d: DuplicateIdFact): boolean {
  // The same inline icon repeated on a page repeats its <linearGradient id>, <clipPath id>: every copy
  // is identical, so url(#id) resolves to an equivalent element. Not worth an owner's time.
  if (d.in_svg) return false;
  // A carousel's hidden clones repeat the ids of the slides they copy: when at most one occurrence is not
  // such a copy, nobody wrote a duplicate, and no visitor or assistive technology meets one.
  if (d.count - (d.hidden_copies ?? 0) <= 1) return false;
  return !d.referenced_by.some((r) => ARIA_OR_LABEL.test(r));
}

interface Seen { url: string; dup: DuplicateIdFact }

/** "2 elements", or "2–4 elements" when the pages differ. */
function elementsWord(seen: readonly Seen[]): string {
  const counts = seen.map((s) => s.dup.count);
  const [min, max] = [Math.min(...counts), Math.max(...counts)];
  return min === max ? `${min} elements` : `${min}–${max} elements`;
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const seen: Seen[] = [];
  for (const p of evidence.pages) {
    const answered = p.status !== null && p.status >= 200 && p.status < 300;
    if (!answered) continue;
    for (const dup of (p.dom?.duplicate_ids ?? []).filter(reportable)) seen.push({ url: p.final_url, dup });
  }
  // One finding per id value: a layout that doubles an id (a theme rendering its table of contents twice)
  // does so on every page, and is one fix in one template. Each page keeps its own count and selectors.
  const byId = [...groupBy(seen, (s) => s.dup.id).values()]
    .map((g) => g.filter((s, i) => g.findIndex((o) => o.url === s.url) === i))
    .sort((a, b) => b.length - a.length);
  return byId.map((group): FindingDraft => {
    const { id } = group[0]!.dup;
    const pages = group.length;
    return {
      page: pages === 1 ? group[0]!.url : undefined,
      title: `The id "${clip(id, 80)}" is used by ${elementsWord(group)}${pages === 1 ? '' : ` on ${group.every((s) => s.dup.count === group[0]!.dup.count) ? 'each of ' : ''}${pages} pages`}`,
      // A monitor knows the finding by its id, digits included (footnote-2 and footnote-3 are two).
      subject: `id ${id}`,
      evidence: {
        id,
        elements: group.reduce((n, s) => n + s.dup.count, 0),
        tags: unique(group.flatMap((s) => s.dup.tags)),
        referenced_by: unique(group.flatMap((s) => s.dup.referenced_by)),
        ...listed('pages', group.map(({ url, dup }) => ({ url, elements: dup.count, tags: dup.tags, referenced_by: dup.referenced_by, selectors: dup.selectors }))),
      },
    };
  });
}

export const check: Check = { meta, run };
