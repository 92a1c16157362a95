// Found: the canonical URL names another host than the one serving the page.
import { copyHostKind, copyHostWords, copyOf } from '../../evidence/copy-host.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import { domainOf } from '../../evidence/views.js';
import { groupBy, listed } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { canonicalsOf, htmlPages } from './support/html_pages.js';

export const meta: CheckMeta = {
  id: 'seo.canonical_host_mismatch',
  section: 'found',
  severity: 'warning',
  title: 'Canonical URL on another host',
  impact: 'A canonical on another host tells search engines to index that host instead of this one, which drops these pages when it is a leftover (staging, old domain, www vs bare domain).',
  docs: '/docs/checks/seo.canonical_host_mismatch',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { compare: 'hostname', copy_hosts: 'info when the audited host is a local copy, a hosting platform\'s preview or project address, or a staging host, and the canonical names a production host' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const mismatches = [];
  for (const page of htmlPages(evidence)) {
    const canonicals = canonicalsOf(page);
    if (canonicals.length !== 1) continue;
    let canonicalHost: string;
    let pageHost: string;
    try {
      canonicalHost = new URL(canonicals[0]!).hostname;
      pageHost = new URL(page.final_url).hostname;
    } catch {
      continue;
    }
    if (canonicalHost === pageHost) continue;
    const relation = domainOf(canonicals[0]!) === domainOf(page.final_url) ? 'same_site_other_host' : 'other_site';
    mismatches.push({ url: page.final_url, canonical: canonicals[0]!, page_host: pageHost, canonical_host: canonicalHost, relation });
  }
  // One finding per canonical host: a template usually points every page at the same wrong host.
  return [...groupBy(mismatches, (m) => m.canonical_host).values()].map((group) => {
    const first = group[0]!;
    // A copy served away from the site's address (a local copy, a deploy preview, staging) that names
    // production as canonical is doing what a copy should: said, not counted. A placeholder host
    // (example.com, the generator's "your-site") is nobody's production: a template never configured.
    const copy = copyOf(first.page_host, first.canonical_host);
    return {
      page: group.length === 1 ? first.url : undefined,
      ...(copy ? { severity: 'info' as const } : {}),
      title: copy
        ? `${group.length} page(s) on ${first.page_host} (${copyHostWords(copy)}) declare their canonical on ${first.canonical_host}: right for a copy, wrong if ${first.page_host} is the site's address`
        : `${group.length} page(s) on ${first.page_host} declare a canonical on ${first.canonical_host}`,
      evidence: {
        page_host: first.page_host,
        canonical_host: first.canonical_host,
        relation: first.relation,
        page_host_kind: copyHostKind(first.page_host),
        ...listed('pages', group.map(({ url, canonical }) => ({ url, canonical }))),
      },
    };
  });
}

export const check: Check = { meta, run };
