// Found: elements that act as links but have no crawlable href (javascript: URLs, onclick handlers).
import { addressesWritten, leadsNowhere, sendsSomewhere } from '../../evidence/handler-source.js';
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

/** Lighthouse's crawlable-anchors fails exactly this href: what the click does is not written there. */
const VOID_HREF = /^javascript:\s*void\s*\(?\s*0\s*\)?\s*;?\s*$/i;

type ScriptLink = { selector: string; href: string | null; onclick?: string; submenu?: boolean };

/** A script link's code: its `javascript:` href's, percent-decoded, and the `onclick` its markup declares. */
function codeOf(l: ScriptLink): string {
  const href = l.href && /^javascript:/i.test(l.href) ? percentDecoded(l.href.replace(/^javascript:/i, '')) : '';
  return [href, l.onclick ?? ''].filter((x) => x.trim()).join(';');
}

/**
 * Whether the code leads to a page of this site: an address written in it that is relative or on the
 * site's host (`pjax.loadUrl("/about/")`, `go('team.html')`), or code sending the visitor somewhere without
 * naming an address (`location = next`). An address only on other sites (a search engine's query URL built
 * from the selection) hides no page of the site.
 */
function leadsToSitePage(code: string, origin: string): boolean {
  const written = addressesWritten(code);
  if (written.length) return written.some((a) => !/^https?:\/\//i.test(a) || hostOf(a) === hostOf(origin));
  return sendsSomewhere(code);
}

/**
 * An anchor with a `javascript:` href or with no href at all is a link by every sign and cannot be
 * followed (Lighthouse's "Links are not crawlable"): a warning when it leads to a page of the site, or
 * when nothing written says what it does. Other clickable elements (div, span, li, td with onclick) are as
 * often toggles and card click areas as navigation, so they are only noted. The element's tag is the last
 * selector step; a bare "#id" step hides it, so those count as "other".
 */
function severityOf(link: ScriptLink, origin: string): Severity {
  if (link.href !== null) {
    if (leadsToSitePage(codeOf(link), origin)) return 'warning';
    // A bare void(0) says nothing of where its listener goes (Lighthouse fails it), unless it is a menu's
    // parent item over real links, or its onclick says what it does. Other code acts in the page (copy,
    // paste, a theme switch, a dialog; an empty `javascript:`): no address behind it.
    return VOID_HREF.test(link.href.trim()) && !link.submenu && !link.onclick ? 'warning' : 'info';
  }
  if (!/^a(?::|$)/i.test(link.selector.split('>').pop()!.trim())) return 'info';
  // An anchor without href is a link by every sign, unless its onclick says it acts in the page.
  return link.onclick && !leadsToSitePage(link.onclick, origin) ? 'info' : 'warning';
}

/**
 * A script link whose code only goes back or forward in the history, reloads, prints, closes the window or
 * scrolls: there is no page behind it for a crawler to miss. A bare `javascript:void(0)` with no handler in
 * the markup stays a script link (its listener may navigate).
 */
export function goesToNoPage(l: ScriptLink): boolean {
  return leadsNowhere(codeOf(l));
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
