// Works: links to a part of a page (`#install`, `/guide/#install`) that no element of that page carries
// once it has run: on the page itself (read in the page) and on another crawled page (read from its
// stored HTML).
import { decodeHtmlEntities } from '../../evidence/html-entities.js';
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import { NOT_A_PART, percentDecoded, urlIdentity } from '../../evidence/url-identity.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'links.broken_fragment',
  section: 'works',
  severity: 'warning',
  title: 'Link to a part of a page that does not exist',
  impact: 'Visitors who follow it land at the top of the page, or stay where they are, instead of the section it promises; a table of contents or a cross-reference that goes nowhere.',
  docs: '/docs/checks/links.broken_fragment',
  requires: ['dom'],
  optional: ['html'],
  thresholds: { ignored: '#, #top, hash routes (#/…, #!…), text fragments (#:~:text=), targets whose HTML was cut at the cap' },
};

interface Missing { fragment: string; text: string; selector: string; page: string; target: string }

/** Every id and `<a name>` in a serialized DOM (attributes as the serializer writes them: double-quoted, entities for & and "). */
function anchorsOf(html: string): Set<string> {
  const out = new Set<string>();
  for (const m of html.matchAll(/\s(?:id|name)="([^"]*)"/g)) out.add(decodeHtmlEntities(m[1]!));
  return out;
}

function fragmentOf(href: string): { frag: string; raw: string } | null {
  const i = href.indexOf('#');
  if (i < 0) return null;
  const raw = href.slice(i + 1);
  const frag = percentDecoded(raw);
  return frag && !NOT_A_PART.test(frag) ? { frag, raw } : null;
}

/** The fragment as the page's source writes it (the owner searches for that), when the link kept its href as written. */
function writtenFragment(raw: string | null | undefined): string | null {
  const i = raw?.indexOf('#') ?? -1;
  return raw && i >= 0 && i < raw.length - 1 ? raw.slice(i + 1, i + 121) : null;
}

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const judged = views.loadedPages.filter((p) => p.status! < 400 && p.dom);
  const missing: Missing[] = judged.flatMap((page) => (page.dom!.missing_fragments ?? []).map((m) => ({ ...m, page: page.final_url, target: page.final_url })));
  // Another crawled page's parts, read from its HTML snapshot (complete ones only).
  const byIdentity = new Map<string, PageEvidence>();
  for (const p of judged) if (p.html && !p.html.truncated) byIdentity.set(urlIdentity(p.final_url) ?? p.final_url, p);
  const anchors = new Map<PageEvidence, Set<string>>();
  for (const page of judged) {
    const own = urlIdentity(page.final_url);
    const seen = new Set<string>();
    for (const link of page.dom!.links) {
      if (seen.has(link.href)) continue;
      const fragment = fragmentOf(link.href);
      const id = fragment === null ? null : urlIdentity(link.href);
      const target = id === null ? undefined : byIdentity.get(id);
      if (!fragment || !target || id === own) continue;
      seen.add(link.href);
      let ids = anchors.get(target);
      if (!ids) anchors.set(target, (ids = anchorsOf(target.html!.content)));
      // The fragment as written first, then percent-decoded (the HTML standard's order).
      if (![fragment.raw, fragment.frag].some((f) => ids.has(f) || ids.has(f.toLowerCase()))) missing.push({ fragment: writtenFragment(link.raw_href) ?? fragment.frag.slice(0, 120), text: link.text, selector: '', page: page.final_url, target: target.final_url });
    }
  }
  if (!missing.length) return [];
  // One template's broken table-of-contents link on every page is one entry, listing the pages.
  const links = [...groupBy(missing, (m) => `${m.target === m.page ? '' : urlIdentity(m.target)}#${m.fragment}`).values()].map((g) => {
    const first = g[0]!;
    const onItsPage = g.every((m) => m.target === m.page);
    return {
      fragment: `#${first.fragment}`,
      ...(onItsPage ? {} : { target: first.target }),
      text: first.text,
      ...(first.selector ? { selector: first.selector } : {}),
      ...listed('pages', unique(g.map((m) => m.page)), 5),
    };
  });
  const pages = unique(missing.map((m) => m.page));
  return [
    {
      page: pages.length === 1 ? pages[0] : undefined,
      title: `${links.length} link${links.length === 1 ? '' : 's'} to a part of a page that does not exist (${links.slice(0, 3).map((l) => ('target' in l ? `${views.pathOf(l.target!)}${l.fragment}` : l.fragment)).join(', ')}${links.length > 3 ? ', …' : ''})`,
      evidence: { ...listed('links', links), ...listed('pages', pages) },
    },
  ];
}

export const check: Check = { meta, run };
