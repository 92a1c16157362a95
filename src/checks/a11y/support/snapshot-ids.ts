// Duplicate ids that labels or ARIA point at, read from the serialized DOM snapshot. axe-core 4.14
// only files `duplicate-id-aria` for review (its rule is reviewOnFail), yet the fact itself is certain
// from the markup: two elements carry the id and a label or aria-* reference names it.
import { decodeHtmlEntities } from '../../../evidence/html-entities.js';
import type { AxeViolation, PageEvidence } from '../../../evidence/types.js';

// Raw-text and inert containers: ids inside them are not elements of the document.
const INERT = /<(script|style|template|textarea|noscript|title|xmp|noembed|noframes)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const ID_REFS = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-details', 'aria-errormessage', 'aria-flowto'];


interface Tag {
  name: string;
  attrs: Map<string, string>;
  source: string;
}

export function tagsOf(html: string): Tag[] {
  const body = html.replace(COMMENT, '').replace(INERT, '');
  const out: Tag[] = [];
  for (const m of body.matchAll(TAG)) {
    const attrs = new Map<string, string>();
    for (const a of (m[2] ?? '').matchAll(ATTR)) {
      const key = a[1]!.toLowerCase();
      if (!attrs.has(key)) attrs.set(key, decodeHtmlEntities(a[2] ?? a[3] ?? a[4] ?? ''));
    }
    out.push({ name: m[1]!.toLowerCase(), attrs, source: m[0] });
  }
  return out;
}

export interface DuplicateRef {
  id: string;
  count: number;
  /** The attributes that reference it, e.g. ["aria-describedby"] or ["label for"]. */
  referencedBy: string[];
  html: string;
}

/** Ids used by two or more elements and referenced by a label or an aria-* id reference. */
export function duplicateReferencedIds(html: string): DuplicateRef[] {
  const tags = tagsOf(html);
  const counts = new Map<string, { count: number; html: string }>();
  for (const t of tags) {
    const id = t.attrs.get('id')?.trim();
    if (!id) continue;
    const c = counts.get(id);
    if (c) c.count++;
    else counts.set(id, { count: 1, html: t.source.slice(0, 160) });
  }
  const refs = new Map<string, Set<string>>();
  const note = (id: string, by: string) => (refs.get(id) ?? refs.set(id, new Set()).get(id)!).add(by);
  for (const t of tags) {
    for (const attr of ID_REFS) for (const id of (t.attrs.get(attr) ?? '').split(/\s+/).filter(Boolean)) note(id, attr);
    if (t.name === 'label' && t.attrs.get('for')?.trim()) note(t.attrs.get('for')!.trim(), 'label for');
  }
  const out: DuplicateRef[] = [];
  for (const [id, { count, html: snippet }] of counts) {
    const by = refs.get(id);
    if (count > 1 && by) out.push({ id, count, referencedBy: [...by].sort(), html: snippet });
  }
  return out;
}

/** The page's duplicates as an axe-shaped violation (impact serious, see a11y.duplicate_id_aria), or none. */
export function duplicateIdViolation(page: PageEvidence): AxeViolation[] {
  const html = page.html?.content;
  if (!html) return [];
  const dups = duplicateReferencedIds(html);
  if (!dups.length) return [];
  return [
    {
      id: 'duplicate-id-aria',
      impact: 'serious',
      help: 'IDs used in ARIA and labels must be unique',
      help_url: 'https://dequeuniversity.com/rules/axe/4.14/duplicate-id-aria',
      tags: ['cat.parsing', 'wcag2a', 'wcag412', 'EN-301-549', 'EN-9.4.1.2'],
      total: dups.length,
      nodes: dups.map((d) => ({
        target: `[id="${d.id}"]`,
        html: d.html,
        summary: `id "${d.id}" is used by ${d.count} elements and referenced by ${d.referencedBy.join(', ')} (verified from the DOM snapshot)`,
      })),
    },
  ];
}
