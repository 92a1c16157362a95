// Findings in sentences: what is wrong, where, and how to fix it, from the finding's title and
// evidence and the check doc's first "How to fix" sentence; and the "fix these first" order
// (severity, then how many pages it reaches). Pure functions of the report.
import { SECTIONS, SEVERITIES, type Finding } from '../checks/types.js';
import { FIX_HINTS } from './fix-hints.js';

const rank = (list: readonly string[], v: string) => {
  const i = list.indexOf(v);
  return i === -1 ? list.length : i;
};

/** A URL's path and query for reading ("/pricing"); the text itself when it is not a URL. */
export function shortPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** Page URLs the evidence names: its `page`, or the `pages` list (strings or `{url}` records). */
export function pagesOf(f: Finding): string[] {
  const ev = f.evidence;
  if (!ev) return [];
  const out: string[] = [];
  if (typeof ev.page === 'string') out.push(ev.page);
  const list = (ev as Record<string, unknown>).pages;
  if (Array.isArray(list)) {
    for (const p of list) {
      const url = typeof p === 'string' ? p : p && typeof p === 'object' && typeof (p as { url?: unknown }).url === 'string' ? (p as { url: string }).url : null;
      if (url && !out.includes(url)) out.push(url);
    }
  }
  return out;
}

/** How many pages the finding reaches: the evidence's own total when it keeps one, else the pages it names. */
export function findingReach(f: Finding): number {
  const ev = (f.evidence ?? {}) as Record<string, unknown>;
  for (const key of ['pages_total', 'pages_affected']) {
    if (typeof ev[key] === 'number' && (ev[key] as number) > 0) return ev[key] as number;
  }
  return pagesOf(f).length;
}

/** " on /about", " on /a, /b and 3 more pages", or "" when the title already says where (or it is site-wide). */
export function whereText(f: Finding): string {
  const pages = pagesOf(f);
  const reach = findingReach(f);
  if (pages.length === 0) return '';
  const paths = pages.map(shortPath);
  // Titles that count pages or name the path already say where.
  if (paths.some((p) => p !== '/' && f.title.includes(p))) return '';
  const counted = /\bpages?\b/.test(f.title);
  if (reach === 1) return counted ? ` (${paths[0]})` : ` on ${paths[0]}`;
  const shown = paths.slice(0, 2);
  const more = reach - shown.length;
  if (counted) return ` (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  return ` on ${shown.join(', ')}${more > 0 ? ` and ${more} more page${more === 1 ? '' : 's'}` : ''}`;
}

/** The check doc's first "How to fix" sentence, when there is one. */
export function fixHint(checkId: string): string | null {
  return FIX_HINTS[checkId] ?? null;
}

/** "Images without alternative text: 2 elements on 1 page (/). Add an alt that …" */
export function findingSentence(f: Finding): { what: string; fix: string | null } {
  const title = f.title.trim().replace(/[.。]$/, '');
  return { what: `${title}${whereText(f)}.`, fix: f.tier === 'advisory' ? null : fixHint(f.check_id) };
}

export interface FixFirstItem {
  check_id: string;
  severity: Finding['severity'];
  section: string;
  /** Pages the check's findings reach together. */
  reach: number;
  /** How many findings of the check this item stands for. */
  findings: number;
  /** The first (most severe) finding of the check, in report order. */
  first: Finding;
}

/**
 * Verified findings grouped by check, worst severity first, then the widest reach, then section
 * order and check id: what a site owner should fix first. Info findings are left out.
 */
export function fixFirst(findings: readonly Finding[], limit = 5): FixFirstItem[] {
  const byCheck = new Map<string, FixFirstItem & { pages: Set<string>; extra: number }>();
  for (const f of findings) {
    if (f.tier !== 'verified' || f.severity === 'info') continue;
    const item = byCheck.get(f.check_id);
    const pages = pagesOf(f);
    const extra = Math.max(0, findingReach(f) - pages.length);
    if (!item) {
      byCheck.set(f.check_id, { check_id: f.check_id, severity: f.severity, section: f.section, reach: 0, findings: 1, first: f, pages: new Set(pages), extra });
      continue;
    }
    item.findings++;
    pages.forEach((p) => item.pages.add(p));
    item.extra += extra;
    if (rank(SEVERITIES, f.severity) < rank(SEVERITIES, item.severity)) {
      item.severity = f.severity;
      item.first = f;
    }
  }
  return [...byCheck.values()]
    .map(({ pages, extra, ...item }) => ({ ...item, reach: pages.size + extra }))
    .sort(
      (a, b) =>
        rank(SEVERITIES, a.severity) - rank(SEVERITIES, b.severity) ||
        b.reach - a.reach ||
        rank(SECTIONS, a.section) - rank(SECTIONS, b.section) ||
        (a.check_id < b.check_id ? -1 : a.check_id > b.check_id ? 1 : 0),
    )
    .slice(0, limit);
}
