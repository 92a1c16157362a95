// Found: a page whose address answers an error (404) and whose content only a script shows: a static
// host's 404 page forwarding to the app ("/?/route"), which puts the route back in the address bar. A
// visitor sees the page; a search engine, a link preview and an uptime monitor see the 404.
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import { urlIdentity } from '../../evidence/url-identity.js';
import { listed } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'seo.route_answers_error',
  section: 'found',
  severity: 'warning',
  title: 'Page answers 404 and is shown only by a script',
  impact: 'Search engines do not index an address that answers 404, whatever a script shows afterwards: these pages cannot be found by search, and link previews and monitors see them as missing.',
  docs: '/docs/checks/seo.route_answers_error',
  requires: ['requests'],
  thresholds: { error_statuses: '400–599 on the page\'s own address', then: 'a script forwarded to another document, which showed the address again' },
};

interface Forwarded {
  url: string;
  status: number;
  forwarded_to: string;
  shown_at: string;
}

/** The page's address answered an error, and a script then sent the browser to another document. */
export function forwardedFromError(page: PageEvidence): Forwarded | null {
  if (page.status === null || page.status < 200 || page.status > 299) return null;
  const own = urlIdentity(page.url);
  const first = (page.requests ?? []).find((r) => r.is_navigation);
  if (!own || !first || first.status === null || first.status < 400 || urlIdentity(first.url) !== own) return null;
  // The document shown is another one (the app at "/?/route"): the error answer was not what stayed.
  if (urlIdentity(page.final_url) === own) return null;
  return { url: page.url, status: first.status, forwarded_to: page.final_url, shown_at: page.shown_at ?? page.final_url };
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const shownAgain: Forwarded[] = [];
  const sentElsewhere: Forwarded[] = [];
  for (const page of evidence.pages) {
    const f = forwardedFromError(page);
    if (!f) continue;
    (urlIdentity(f.shown_at) === urlIdentity(f.url) ? shownAgain : sentElsewhere).push(f);
  }
  const drafts: FindingDraft[] = [];
  const paths = (list: Forwarded[]) => list.map((f) => new URL(f.url).pathname).sort();
  if (shownAgain.length) {
    const p = paths(shownAgain);
    drafts.push({
      page: shownAgain.length === 1 ? shownAgain[0]!.url : undefined,
      title: `${shownAgain.length} page${shownAgain.length === 1 ? ' answers' : 's answer'} ${shownAgain[0]!.status} and ${shownAgain.length === 1 ? 'is' : 'are'} shown only by a script (${p.slice(0, 3).join(', ')}${p.length > 3 ? ', …' : ''})`,
      evidence: listed('pages', shownAgain),
    });
  }
  if (sentElsewhere.length) {
    // A missing page forwarding elsewhere by script (home, a search): a missing page, dressed up.
    const p = paths(sentElsewhere);
    drafts.push({
      severity: 'info',
      title: `${sentElsewhere.length} missing page${sentElsewhere.length === 1 ? ' sends' : 's send'} visitors elsewhere by script (${p.slice(0, 3).join(', ')}${p.length > 3 ? ', …' : ''})`,
      evidence: listed('pages', sentElsewhere),
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
