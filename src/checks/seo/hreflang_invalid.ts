// Found: hreflang annotations with invalid language/region codes, unusable URLs, or one code used twice.
import type { EvidenceBundle } from '../../evidence/types.js';
import { normalizeUrl } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { htmlPages } from './support/html_pages.js';
import { hreflangOf } from './support/head_links.js';
import { hreflangProblem } from './support/language_codes.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.hreflang_invalid',
  section: 'found',
  severity: 'warning',
  title: 'Invalid hreflang annotations',
  impact: 'Google ignores hreflang entries it cannot read, so visitors may be sent to the wrong language or country version.',
  docs: '/docs/checks/seo.hreflang_invalid',
  requires: ['dom', 'headers'],
    optional: ['html'],
  thresholds: { codes: 'ISO 639-1 language, optional script, optional ISO 3166-1 alpha-2 region, or x-default' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const bad: { url: string; hreflang: string; href: string; problem: string }[] = [];
  for (const page of htmlPages(evidence)) {
    const byCode = new Map<string, string>();
    for (const { lang, href } of hreflangOf(page)) {
      const value = lang ?? '';
      const entry = { url: page.final_url, hreflang: value, href };
      const codeProblem = value.trim() ? hreflangProblem(value) : 'is empty';
      if (codeProblem) bad.push({ ...entry, problem: `hreflang "${value}" ${codeProblem}` });
      let target: URL | null = null;
      try {
        target = new URL(href);
      } catch {
        /* reported below */
      }
      // Google requires fully-qualified URLs; capture resolves relative ones, so only junk is left to catch here.
      if (!target || !/^https?:$/.test(target.protocol)) bad.push({ ...entry, problem: `href "${href}" is not an absolute http(s) URL` });
      const code = value.trim().toLowerCase();
      const previous = byCode.get(code);
      if (target && previous !== undefined && previous !== normalizeUrl(href)) {
        bad.push({ ...entry, problem: `hreflang "${value}" also points to ${previous}` });
      } else if (target && !codeProblem) byCode.set(code, normalizeUrl(href));
    }
  }
  const pages = new Set(bad.map((b) => b.url)).size;
  return siteFinding(bad, (n) => `${n} invalid hreflang annotation(s) on ${pagesWord(pages)}`);
}

export const check: Check = { meta, run };
