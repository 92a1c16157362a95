// Accessible: the page's <html lang> names a language its text is not written in (WCAG 2 SC 3.1.1
// Language of Page, A: the language must be programmatically determinable, and a wrong one determines
// the wrong one). axe checks that lang is present and well formed, not that it is true.
import type { EvidenceBundle } from '../../evidence/types.js';
import { clip, groupBy, listed } from '../http/support/lists.js';
import { htmlPages } from '../seo/support/html_pages.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { languageMismatch, languageName, type LanguageReading, MIN_SAMPLES, MISMATCH_SHARE, OWN_SCRIPT_SHARE, SAMPLE_CHARS, siteReading } from './support/text-language.js';

export const meta: CheckMeta = {
  id: 'a11y.lang_text_mismatch',
  section: 'accessible',
  severity: 'warning',
  title: 'Page language does not match its text',
  impact: 'Screen readers pick their voice and pronunciation from lang: French text declared as English is read out with English rules and is hard to understand; translation offers and search engines are misled too.',
  docs: '/docs/checks/a11y.lang_text_mismatch',
  requires: ['dom', 'headers'],
  thresholds: {
    wcag: '3.1.1 Language of Page (A)',
    text: `the main content's prose (code, navigation and passages with their own lang left out), in samples of ${SAMPLE_CHARS} characters; at least ${MIN_SAMPLES} votes from half the samples, or fewer beside pages of the same section read in full as the same pair`,
    own_script: `not judged when ${Math.round(OWN_SCRIPT_SHARE * 100)}% of the letters are in the declared language's own script (Han, Kana, Hangul, Cyrillic, Greek, Arabic…)`,
    verdict: `${Math.round(MISMATCH_SHARE * 100)}% of samples read as a language the declared one cannot be (closely related languages, such as Danish and Norwegian, count as one)`,
  },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const found: (Omit<LanguageReading, 'votes'> & { url: string; lang: string; excerpt: string })[] = [];
  // Votes against each declared language, pooled over the pages declaring it.
  const against = new Map<string, Record<string, number>>();
  for (const page of htmlPages(evidence)) {
    const prose = page.dom.prose;
    if (!prose || !page.dom.lang) continue;
    const reading = languageMismatch(page.dom.lang, prose);
    if (!reading) continue;
    const pooled = against.get(reading.declared) ?? {};
    for (const [code, n] of Object.entries(reading.votes)) pooled[code] = (pooled[code] ?? 0) + n;
    against.set(reading.declared, pooled);
    const { votes: _votes, ...said } = reading;
    found.push({ url: page.final_url, lang: page.dom.lang.trim(), ...said, excerpt: clip(prose, 120) });
  }
  // Kindred languages a model splits one text between are named as those pages' samples name them most.
  for (const f of found) f.detected = siteReading(f.detected, f.declared, against.get(f.declared)!);
  // A page with few votes is judged only beside a page of the same section (the first folder of its path)
  // read in full as the same pair: the untranslated index of a section whose articles are untranslated too,
  // not a Chinese blog's category page beside one English post.
  const pair = (f: (typeof found)[number]) => `${f.declared}\u0000${f.detected}`;
  const full = new Set(found.filter((f) => !f.alone_too_short).map((f) => `${pair(f)}\u0000${sectionOf(f.url)}`));
  const judged = found.filter((f) => !f.alone_too_short || (sectionOf(f.url) !== '' && full.has(`${pair(f)}\u0000${sectionOf(f.url)}`)));
  return [...groupBy(judged, (f) => `${f.declared}\u0000${f.detected}`).values()].map((group) => {
    const { lang, declared, detected } = group[0]!;
    const pages = group.map(({ url, samples, agreeing, excerpt }) => ({ url, samples_read: samples, samples_in_detected: agreeing, text: excerpt }));
    const where = group.length === 1 ? 'The page declares' : `${group.length} pages declare`;
    return {
      page: group.length === 1 ? group[0]!.url : undefined,
      title: `${where} lang="${lang}" (${languageName(declared)}) but ${group.length === 1 ? 'its' : 'their'} text is in ${languageName(detected)}`,
      evidence: { wcag: ['3.1.1'], declared: lang, declared_language: languageName(declared), text_language: languageName(detected), text_language_code: detected, ...listed('pages', pages) },
    };
  });
}

/** The first folder of a page's path (`/de/` of `/de/docs/install/`), '' for a page at the root or in no folder. */
function sectionOf(url: string): string {
  try {
    const folders = new URL(url).pathname.split('/').slice(1, -1);
    return folders[0] ?? '';
  } catch {
    return '';
  }
}

export const check: Check = { meta, run };
