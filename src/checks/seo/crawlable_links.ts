// Found: elements that act as links but have no crawlable href (javascript: URLs, onclick handlers).
import { percentDecoded } from '../../evidence/url-identity.js';
import { hostOf } from '../../evidence/views.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { htmlPages } from './support/html_pages.js';

export const meta: CheckMeta = {
  id: 'seo.crawlable_links',
  section: 'found',
  severity: 'warning',
  title: 'Links that only work with JavaScript',
  impact: 'Search engines follow only <a href> links; pages reachable only through script-driven links may never be discovered.',
  docs: '/docs/checks/seo.crawlable_links',
  requires: ['dom', 'headers'],
  thresholds: { anchors_without_crawlable_href: 'warning', other_clickable_elements: 'info' },
};

/**
 * An anchor with a `javascript:` href or with no href at all is a link by every sign and cannot be
 * followed (Lighthouse's "Links are not crawlable"). Other clickable elements (div, span, li, td with
 * onclick) are as often toggles and card click areas as navigation, so they are only noted. The
 * element's tag is the last selector step; a bare "#id" step hides it, so those count as "other".
 */
/** Code that sends the visitor somewhere: the pages behind such a link are what a crawler misses. */
const NAVIGATES = /\blocation\b|\.href\b|\bopen\s*\(|\bnavigate|\bloadUrl|\brouter\b|\.push\s*\(|\bgoto\b|\bvisit\s*\(|\bsubmit\s*\(/i;
/** A string in the code that reads as an address: a path, a page file, or a full URL. */
const ADDRESS = /^(?:\/[\w-]|\.{1,2}\/|https?:\/\/|[\w-]+\.(?:html?|php|aspx?)\b)/i;
/** Lighthouse's crawlable-anchors fails exactly this href: what the click does is not written there. */
const VOID_HREF = /^javascript:\s*void\s*\(?\s*0\s*\)?\s*;?\s*$/i;

/**
 * Whether the code leads to a page of this site: an address written in it that is relative or on the
 * site's host (`pjax.loadUrl("/about/")`, `go('team.html')`), or navigation code naming no address at all
 * (`location = next`). An address only on other sites (a search engine's query URL built from the
 * selection) hides no page of the site.
 */
function leadsToSitePage(code: string, origin: string): boolean {
  const written = [...code.matchAll(/(['"`])((?:\\.|(?!\1)[^\\])*)\1/g)].map((m) => m[2]!.trim()).filter((x) => ADDRESS.test(x));
  if (written.length) return written.some((a) => !/^https?:\/\//i.test(a) || hostOf(a) === hostOf(origin));
  return NAVIGATES.test(code);
}

function severityOf(link: { selector: string; href: string | null; onclick?: string; submenu?: boolean }, origin: string): Severity {
  const isAnchor = /^a(?::|$)/i.test(link.selector.split('>').pop()!.trim());
  if (link.href !== null) {
    const code = `${percentDecoded(link.href.replace(/^javascript:/i, ''))};${link.onclick ?? ''}`;
    if (leadsToSitePage(code, origin)) return 'warning';
    // A bare void(0) says nothing of where its listener goes (Lighthouse fails it), unless it is a menu's
    // parent item over real links, or its onclick says what it does. Other code acts in the page (copy,
    // paste, a theme switch, a dialog; an empty `javascript:`): no address behind it.
    return VOID_HREF.test(link.href.trim()) && !link.submenu && !link.onclick ? 'warning' : 'info';
  }
  // An anchor without href is a link by every sign, unless its onclick says it acts in the page.
  if (!isAnchor) return 'info';
  return link.onclick && !leadsToSitePage(link.onclick, origin) ? 'info' : 'warning';
}


/** `javascript:` code, or a handler, whose every statement leaves the visitor on no new page. */
const NO_PAGE_STATEMENT = /^(?:(?:window|self|top)\.)?(?:history\.(?:back|forward|go)\s*\(\s*-?\d*\s*\)|(?:document\.)?location\.reload\s*\(\s*(?:true|false)?\s*\)|print\s*\(\s*\)|close\s*\(\s*\)|scroll(?:To|By)?\s*\([^()]*\)|void\s*\(?\s*0\s*\)?|;|return\s+false|undefined)$/i;

function onlyNoPage(code: string): boolean {
  const statements = code.split(';').map((x) => x.trim()).filter(Boolean);
  return statements.length > 0 && statements.every((x) => NO_PAGE_STATEMENT.test(x));
}

/**
 * A script link whose code (its `javascript:` href and its `onclick`) only goes back or forward in the
 * history, reloads, prints, closes the window or scrolls: there is no page behind it for a crawler to miss. A bare
 * `javascript:void(0)` with no handler in the markup stays a script link (its listener may navigate).
 */
export function goesToNoPage(l: { href: string | null; onclick?: string }): boolean {
  const href = l.href && /^javascript:/i.test(l.href) ? percentDecoded(l.href.replace(/^javascript:/i, '')) : '';
  const click = l.onclick ?? '';
  const code = [href, click].filter((x) => x.trim()).join(';');
  if (!code.trim() || !onlyNoPage(code)) return false;
  // Something besides the no-op must act: void(0) alone says nothing of where its listener goes.
  return /history\.|reload|print|close|scroll/i.test(code);
}


export function run(evidence: EvidenceBundle): FindingDraft[] {
  const found = htmlPages(evidence).flatMap((p) =>
    p.dom.script_links
      // A script that only builds an e-mail or phone address (a theme hiding it from scrapers) leads to no
      // page: crawlers never follow mailto: or tel: either.
      .filter((l) => !(l.href && /^javascript:/i.test(l.href) && /\b(?:mailto|tel):/i.test(l.href)))
      // Nor does one that only moves through the history, prints, closes or scrolls ("Back": `history.back()`).
      .filter((l) => !goesToNoPage(l))
      .map((l) => ({ selector: l.selector, text: l.text, href: l.href, onclick: l.onclick, submenu: l.submenu, page: p.final_url })),
  );
  // A script link in a shared header or footer appears on every page: list it once, with its pages
  // (by its place and target, not its text: a template's toggle often carries each page's title).
  const links = [...groupBy(found, (l) => `${l.selector}\u0000${l.href ?? ''}`).values()].map((g) => ({
    selector: g[0]!.selector,
    text: g[0]!.text,
    href: g[0]!.href,
    ...(g[0]!.onclick ? { onclick: g[0]!.onclick } : {}),
    severity: severityOf(g[0]!, evidence.site.origin),
    first_seen_on: g[0]!.page,
    pages: unique(g.map((l) => l.page)),
  }));
  const drafts: FindingDraft[] = [];
  for (const severity of ['warning', 'info'] as const) {
    const ofSeverity = links.filter((l) => l.severity === severity);
    if (!ofSeverity.length) continue;
    const pages = unique(ofSeverity.flatMap((l) => l.pages));
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity,
      title:
        severity === 'warning'
          ? `${ofSeverity.length} link(s) without a crawlable href on ${pages.length} page(s)`
          : `${ofSeverity.length} clickable element(s) that may navigate by script on ${pages.length} page(s)`,
      evidence: listed(
        'links',
        ofSeverity.map(({ severity: _s, pages: onPages, ...l }) => ({ ...l, pages_total: onPages.length })),
      ),
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
