// Accessible: ids carried by several elements (the HTML rule: an id is unique in its document),
// other than those labels and ARIA point at (a11y.duplicate_id_aria), repeated inline SVG internals and
// the hidden copies carousels make of their slides.
import type { DuplicateIdFact, EvidenceBundle } from '../../evidence/types.js';
import { listed } from '../http/support/lists.js';
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

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const drafts: FindingDraft[] = [];
  for (const p of evidence.pages) {
    const answered = p.status !== null && p.status >= 200 && p.status < 300;
    const dups = answered ? (p.dom?.duplicate_ids ?? []).filter(reportable) : [];
    if (!dups.length) continue;
    drafts.push({
      page: p.final_url,
      title: dups.length === 1 ? `The id "${dups[0]!.id}" is used by ${dups[0]!.count} elements` : `${dups.length} ids are used by more than one element`,
      evidence: listed('duplicates', dups.map((d) => ({ id: d.id, elements: d.count, tags: d.tags, referenced_by: d.referenced_by, selectors: d.selectors }))),
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
