// Found: the page's <html lang> is missing or not a valid BCP 47 language tag.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { htmlPages } from './support/html_pages.js';
import { langTagProblem } from './support/language_codes.js';
import { pagesWord, siteFinding } from './support/site_finding.js';

export const meta: CheckMeta = {
  id: 'seo.html_lang',
  section: 'found',
  severity: 'warning',
  title: 'Page language missing or invalid',
  impact: 'The lang attribute tells search engines, translators and screen readers which language the page is in; a wrong value misleads all three.',
  docs: '/docs/checks/seo.html_lang',
  requires: ['dom', 'headers'],
  thresholds: { format: 'BCP 47 (RFC 5646), ISO 639-1 and ISO 3166-1 for two-letter subtags' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const missing: { url: string; empty?: true }[] = [];
  const invalid: { url: string; lang: string; problem: string }[] = [];
  for (const page of htmlPages(evidence)) {
    const lang = page.dom.lang;
    if (lang === null || !lang.trim()) {
      // `lang=""` (bookdown writes `<html lang="" xml:lang="">`) declares the language unknown: as good as none.
      missing.push({ url: page.final_url, ...(lang !== null ? { empty: true as const } : {}) });
      continue;
    }
    const problem = langTagProblem(lang);
    if (problem) invalid.push({ url: page.final_url, lang, problem: `"${lang}" ${problem}` });
  }
  return [
    ...siteFinding(missing, (n) => (missing.every((m) => m.empty) ? `${pagesWord(n)} with an empty lang attribute on <html>` : `${pagesWord(n)} without a lang attribute on <html>`), { problem: 'missing' }),
    ...siteFinding(invalid, (n) => `${pagesWord(n)} with an invalid lang attribute ("${invalid[0]!.lang}")`, { problem: 'invalid' }),
  ];
}

export const check: Check = { meta, run };
