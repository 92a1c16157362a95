// Found: inner pages declare the home page as their canonical URL, a common template mistake.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { canonicalsOf, htmlPages } from './support/html_pages.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.canonical_to_root',
  section: 'found',
  severity: 'warning',
  title: 'Inner page declares the home page as canonical',
  impact: 'Pointing every page\'s canonical at the home page asks search engines to drop all the other pages from their index.',
  docs: '/docs/checks/seo.canonical_to_root',
  requires: ['dom', 'headers'],
    optional: ['html'],
};

// Paths that are the home page under another name; canonicalizing them to "/" is right.
const HOME_ALIASES = /^\/(?:(?:index|default|home)(?:\.[a-z]+)?)?\/?$/i;

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const toRoot = [];
  for (const page of htmlPages(evidence)) {
    const canonicals = canonicalsOf(page);
    if (canonicals.length !== 1) continue;
    try {
      const canonical = new URL(canonicals[0]!);
      const own = new URL(page.final_url);
      // Another host is seo.canonical_host_mismatch's to report.
      if (canonical.hostname !== own.hostname || canonical.pathname !== '/' || canonical.search) continue;
      if (HOME_ALIASES.test(own.pathname)) continue;
      toRoot.push({ url: page.final_url, canonical: canonical.href });
    } catch {
      continue;
    }
  }
  return siteFinding(toRoot, (n) => `${pagesWord(n)} declare the home page as their canonical URL`);
}

export const check: Check = { meta, run };
