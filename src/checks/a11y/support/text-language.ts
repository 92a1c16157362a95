// Which language a page's text is written in, read by franc's trigram models (the same method as
// CLD and Tika: letter-triple frequencies per language, distinct scripts by their code points), and
// whether the page's declared <html lang> can be that language. Pure: the text comes from the DOM facts.
//
// Judged only where it can be trusted: enough prose (headings, paragraphs, list items and cells; code,
// navigation and passages declared in another language were left out at capture), cut into samples that
// each vote, and a verdict only when nearly every sample names a language the declared one cannot be.
// Languages that trigrams confuse with each other (Danish and Norwegian, Spanish and Galician, the
// Serbo-Croatian standards) count as one.
import { francAll } from 'franc';
import { data as FRANC_MODELS } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { iso6393 } from 'iso-639-3';
import { iso6393To1 } from 'iso-639-3/iso6393-to-1.js';

/** Characters per sample: enough trigrams for a vote, small enough that a page gives several. */
export const SAMPLE_CHARS = 300;
/** The same for text in Chinese, Japanese or Korean, whose scripts name the language in fewer characters. */
export const DENSE_SAMPLE_CHARS = 100;
const DENSE_SCRIPT = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/g;
/** Fewest samples a page needs before it is judged. */
export const MIN_SAMPLES = 2;
/** Share of samples that must name another language. */
export const MISMATCH_SHARE = 0.8;

/**
 * Individual languages franc names whose BCP 47 tag is their macrolanguage's two-letter code (a page
 * in Mandarin is `zh`, one in Standard Arabic `ar`). From ISO 639-3's macrolanguage mappings.
 */
const MACROLANGUAGE: Record<string, string> = {
  cmn: 'zh', yue: 'zh', wuu: 'zh', hak: 'zh', nan: 'zh', gan: 'zh', hsn: 'zh',
  arb: 'ar', ary: 'ar', arz: 'ar', apc: 'ar', acm: 'ar',
  pes: 'fa', prs: 'fa', zlm: 'ms', zsm: 'ms', nob: 'no', nno: 'no', uzn: 'uz', uzs: 'uz', azj: 'az', azb: 'az',
  ekk: 'et', lvs: 'lv', als: 'sq', swh: 'sw', npi: 'ne', khk: 'mn', plt: 'mg', ydd: 'yi', gaz: 'om', hae: 'om',
  quy: 'qu', quz: 'qu', qug: 'qu', fuv: 'ff', fuf: 'ff', pbu: 'ps', pbt: 'ps', ckb: 'ku', kmr: 'ku',
};

/** Deprecated or alternative two-letter codes browsers accept, as the code franc's models map to. */
const ALIAS: Record<string, string> = { iw: 'he', in: 'id', ji: 'yi', jw: 'jv', mo: 'ro', nb: 'no', nn: 'no', sh: 'sr', fil: 'tl' };

/** Languages one trigram model readily takes for another: a vote for one is not a vote against the other. */
const KINDRED: string[][] = [
  // Latin-script Slavic languages drift into each other on lines of names and dates (a Czech events page
  // read half as Slovenian).
  ['da', 'no', 'sv'], ['es', 'gl', 'ca'], ['pt', 'gl'], ['cs', 'sk', 'sl', 'hr', 'sr', 'bs'], ['ms', 'id', 'jv', 'su'],
  ['ru', 'uk', 'be', 'bg', 'mk'], ['hi', 'mr', 'ne'], ['fa', 'tg'], ['nl', 'af', 'fy'], ['tr', 'az'],
];

function twoLetter(code: string): string | null {
  if (code in MACROLANGUAGE) return MACROLANGUAGE[code]!;
  return iso6393To1[code] ?? null;
}

/** franc's languages that have a two-letter code (dialects and smaller languages without one are never named). */
const NAMED_MODELS = [...Object.values(FRANC_MODELS).flatMap((langs) => Object.keys(langs)), ...Object.keys(FRANC_SCRIPTS)].filter(
  (code) => twoLetter(code) !== null,
);
/** Two-letter codes franc can recognise: a declared language outside this set is not judged. */
const RECOGNISED = new Set(NAMED_MODELS.map((code) => twoLetter(code)!));

/** ISO 639's reference names where English usage differs ("Modern Greek (1453-)", "Pushto", "Kirghiz"). */
const USUAL_NAMES: Record<string, string> = { el: 'Greek', ps: 'Pashto', ky: 'Kyrgyz', ne: 'Nepali', ms: 'Malay', fa: 'Persian', sw: 'Swahili', uz: 'Uzbek', az: 'Azerbaijani', mn: 'Mongolian', no: 'Norwegian', ro: 'Romanian' };
const NAMES = new Map<string, string>(iso6393.filter((l) => l.iso6391).map((l) => [l.iso6391!, USUAL_NAMES[l.iso6391!] ?? l.name.replace(/\s*\(.*\)$/, '')]));

/** The language's English name, from ISO 639 ("French", "Chinese"). */
export function languageName(code: string): string {
  return NAMES.get(code) ?? code;
}

/** The two-letter code a declared `lang` stands for, or null when it names none franc could recognise. */
export function declaredLanguage(lang: string | null): string | null {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const code = ALIAS[primary] ?? (primary.length === 3 ? twoLetter(primary) ?? primary : primary);
  return RECOGNISED.has(code) ? code : null;
}

export function kindred(a: string, b: string): boolean {
  return a === b || KINDRED.some((group) => group.includes(a) && group.includes(b));
}

/**
 * The text cut into near-equal pieces of about SAMPLE_CHARS (DENSE_SAMPLE_CHARS for CJK text) at word
 * boundaries: 400 characters make two samples, 250 one, 150 none.
 */
export function samples(text: string): string[] {
  const rest = text.replace(/\s+/g, ' ').trim();
  const size = (rest.match(DENSE_SCRIPT)?.length ?? 0) > rest.length / 2 ? DENSE_SAMPLE_CHARS : SAMPLE_CHARS;
  if (rest.length < size * 0.6) return [];
  const count = Math.max(1, Math.round(rest.length / (size * 0.8)));
  const out: string[] = [];
  let start = 0;
  for (let i = 1; i <= count; i++) {
    let end = i === count ? rest.length : Math.round((rest.length * i) / count);
    const space = rest.lastIndexOf(' ', end);
    if (i < count && space > start + size / 3) end = space;
    out.push(rest.slice(start, end).trim());
    start = end;
  }
  return out.filter((s) => s.length > 0);
}

/**
 * A sample most of whose words start with a capital is a list of names or titles (a team page, credits,
 * a bibliography), not sentences: letter triples of names say nothing of a language (a faculty list read
 * as Hausa twice). German prose, whose nouns are capitalized, stays near a third.
 */
export const NAMES_SHARE = 0.55;

function namesMostly(sample: string): boolean {
  const words = sample.match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  if (words.length < 8) return false;
  const capitalized = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitalized / words.length > NAMES_SHARE;
}

/** The two-letter language franc names first for one sample, or null when it names none (or it is a list of names). */
export function sampleLanguage(sample: string): string | null {
  if (namesMostly(sample)) return null;
  const [best] = francAll(sample, { only: NAMED_MODELS, minLength: 20 });
  if (!best || best[0] === 'und') return null;
  return twoLetter(best[0]);
}

/**
 * Scripts that belong to few languages: when a page declares one of those languages and a fair share of
 * its letters are in that script, the declared language is on the page, whatever the rest reads as (a
 * Japanese reference table of Latin identifiers with Japanese descriptions).
 */
const OWN_SCRIPT: Record<string, RegExp> = {
  zh: /\p{Script=Han}/gu, ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu, ko: /\p{Script=Hangul}/gu,
  ru: /\p{Script=Cyrillic}/gu, uk: /\p{Script=Cyrillic}/gu, be: /\p{Script=Cyrillic}/gu, bg: /\p{Script=Cyrillic}/gu, mk: /\p{Script=Cyrillic}/gu, kk: /\p{Script=Cyrillic}/gu,
  el: /\p{Script=Greek}/gu, he: /\p{Script=Hebrew}/gu, yi: /\p{Script=Hebrew}/gu, ar: /\p{Script=Arabic}/gu, fa: /\p{Script=Arabic}/gu, ur: /\p{Script=Arabic}/gu,
  hi: /\p{Script=Devanagari}/gu, mr: /\p{Script=Devanagari}/gu, ne: /\p{Script=Devanagari}/gu, bn: /\p{Script=Bengali}/gu, th: /\p{Script=Thai}/gu,
  ta: /\p{Script=Tamil}/gu, te: /\p{Script=Telugu}/gu, ka: /\p{Script=Georgian}/gu, hy: /\p{Script=Armenian}/gu, am: /\p{Script=Ethiopic}/gu,
};
/**
 * Share of the text's letters in the declared language's own script that shows the language is there: a
 * Chinese blog's category page listing titles in Chinese among Latin product names has 9 %, an English post
 * under `zh-Hans` with one "链接：" has 0.1 %.
 */
export const OWN_SCRIPT_SHARE = 0.05;

/** Whether a fair share of the text's letters are in the declared language's own script. */
function inOwnScript(declared: string, text: string): boolean {
  const own = OWN_SCRIPT[declared];
  if (!own) return false;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && (text.match(own)?.length ?? 0) / letters >= OWN_SCRIPT_SHARE;
}

export interface LanguageReading {
  declared: string;
  /** The language the text reads as. */
  detected: string;
  samples: number;
  /** Samples naming the detected language (or a kindred one of it). */
  agreeing: number;
  /** Samples per language named, among those against the declared language. */
  votes: Record<string, number>;
  /**
   * Fewer than MIN_SAMPLES votes, or votes from fewer than half the samples (a short page, a table with a
   * paragraph): said only where other pages of the same section declaring the same language read, in full,
   * as the same other language.
   */
  alone_too_short?: true;
}

/**
 * The language the text reads as when the declared one cannot be it, or null: when the declared
 * language is not one the models know, a fair share of the letters are in its own script, the text
 * gives no sample, or the samples do not clearly agree. A reading from a single sample is marked
 * `alone_too_short`: it stands only beside full readings of the same pair.
 */
export function languageMismatch(lang: string | null, text: string): LanguageReading | null {
  const declared = declaredLanguage(lang);
  if (!declared || inOwnScript(declared, text)) return null;
  const cut = samples(text);
  const votes = cut.map(sampleLanguage).filter((code): code is string => code !== null);
  if (!votes.length) return null;
  // When most samples do not vote (a staff page of names with two noisy sentences, a version table with a
  // paragraph), the votes alone do not make the page's language: like a one-sample page, it stands only
  // beside pages read in full as the same pair.
  const few = votes.length < MIN_SAMPLES || votes.length * 2 < cut.length;
  const against = votes.filter((code) => !kindred(code, declared));
  if (against.length < Math.ceil(votes.length * MISMATCH_SHARE)) return null;
  const counts: Record<string, number> = {};
  for (const code of against) counts[code] = (counts[code] ?? 0) + 1;
  const detected = mostVoted(counts);
  const agreeing = against.filter((code) => kindred(code, detected)).length;
  // The samples must agree on the other language too: a directory of people's names reads as Hausa in one
  // sample and Yoruba in the next, and is no text in either.
  if (agreeing < Math.ceil(votes.length * MISMATCH_SHARE)) return null;
  return { declared, detected, samples: votes.length, agreeing, votes: counts, ...(few ? { alone_too_short: true as const } : {}) };
}

/** The language with the most votes among those `eligible` allows (ties: alphabetical). */
export function mostVoted(votes: Record<string, number>, eligible: (code: string) => boolean = () => true): string {
  return Object.entries(votes)
    .filter(([code]) => eligible(code))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
}

/**
 * The name a page's text language goes by across the site: of the languages kindred with the page's own
 * reading and not kindred with the language it declares, the one the samples of pages declaring that
 * language name most. A Portuguese site's pages read as Galician now and then; each is named Portuguese,
 * as the site's text is; a page declaring Portuguese is never said to be in Galician.
 */
export function siteReading(detected: string, declared: string, votesAgainst: Record<string, number>): string {
  return mostVoted(votesAgainst, (code) => kindred(code, detected) && !kindred(code, declared));
}
