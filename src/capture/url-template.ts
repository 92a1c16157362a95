// URL templates: the shape of a page's address with its ids, slugs and dates generalized, so the
// crawl can tell "ten pages of one template" from "ten kinds of page" and spread its budget across
// kinds. Inferred from the path alone; an app model may declare templates instead (`TemplateOf`).
import { percentDecoded } from '../evidence/url-identity.js';
import { hashRoute } from '../evidence/url-identity.js';

/** Names the template a URL belongs to; equal strings mean "the same kind of page". */
export type TemplateOf = (url: string) => string;

const NUMBER = /^\d+$/;
/** Ids: UUIDs, long hex, or mixed letters and digits of some length (a1b2c3d4, 5f3e…, SKU-10492). */
const ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{12,}|(?=.*\d)(?=.*[a-z])[a-z0-9_-]{8,})$/i;
/** A slug: three or more words joined by hyphens or underscores (how-to-prune-roses). */
const SLUG = /^[^-_]+([-_][^-_]+){2,}$/;
const PAGE_EXTENSION = /\.(html?|php|aspx?|jsp|shtml)$/i;

/** One path segment generalized: numbers anywhere (dates, ids); below the first segment, any name. */
function generalize(segment: string, position: number): string {
  if (NUMBER.test(segment)) return '<n>';
  if (position > 0) return '<x>';
  if (ID.test(segment)) return '<id>';
  return SLUG.test(segment) ? '<slug>' : segment.toLowerCase();
}

/**
 * The template of a URL by its path: `/docs/intro/install` → `/docs/<x>/<x>`, `/blog/2024/05/a-post`
 * → `/blog/<n>/<n>/<x>`, `/about` → `/about`. The first segment is the site's section and is kept
 * (unless it is itself an id or slug); the query does not make another template.
 */
export const pathTemplate: TemplateOf = (url) => {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return url;
  }
  // A single-page app's hash route is shaped like a path of its own (`/docs/#/usage/taring` → `/docs#/usage/<x>`).
  const route = hashRoute(url);
  return route ? `${shapeOf(path)}#${shapeOf(route.slice(1))}` : shapeOf(path);
};

function shapeOf(path: string): string {
  const segments = path.replace(PAGE_EXTENSION, '').split('/').filter(Boolean);
  if (!segments.length || (segments.length === 1 && /^(index|default)$/i.test(segments[0]!))) return '/';
  return `/${segments.map((s, i) => generalize(percentDecoded(s), i)).join('/')}`;
}



/** Items reordered round-robin across templates (first of each kind, then second of each…), kinds in first-seen order. */
export function spreadByTemplate<T>(items: readonly T[], urlOf: (item: T) => string, templateOf: TemplateOf = pathTemplate): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const t = templateOf(urlOf(item));
    const g = groups.get(t);
    if (g) g.push(item);
    else groups.set(t, [item]);
  }
  const out: T[] = [];
  for (let i = 0; out.length < items.length; i++) for (const g of groups.values()) if (i < g.length) out.push(g[i]!);
  return out;
}
