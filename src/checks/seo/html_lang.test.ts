import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './html_lang.js';

const withLang = (...langs: (string | null)[]) =>
  makeBundle({ pages: langs.map((lang, i) => makePage({ url: `https://example.com/${i || ''}`, depth: i ? 1 : 0, dom: makeDom({ lang }) })) });

describe('seo.html_lang', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ...['en', 'en-US', 'EN-gb', 'zh-Hant-TW', 'es-419', 'sr-Latn-RS', 'de-CH-1996', 'fil', 'x-klingon', ' fr '].map((lang) => [`lang="${lang}"`, withLang(lang)] as const),
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists pages without lang in one warning', () => {
    const [f, ...rest] = findingsOf(check, withLang(null, ''));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 pages without a lang attribute on <html>' });
    expect(f!.evidence).toMatchObject({ problem: 'missing', pages_total: 2 });
  });

  it('says the attribute is there but empty when it is (bookdown\'s lang="")', () => {
    expect(findingsOf(check, withLang('', ' '))[0]).toMatchObject({ title: '2 pages with an empty lang attribute on <html>', evidence: { pages: [{ empty: true }, { empty: true }] } });
  });

  const invalid = [
    ['en_US', 'uses "_"'],
    ['english', 'is not a BCP 47 language tag'],
    ['en-UK', '"UK" is not an ISO 3166-1 region code'],
    ['xx', '"xx" is not an ISO 639-1 language code'],
  ] as const;
  it.each(invalid)('flags lang="%s"', (lang, problem) => {
    const [f] = findingsOf(check, withLang(lang));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ problem: 'invalid', pages: [{ lang }] });
    expect((f!.evidence!.pages as { problem: string }[])[0]!.problem).toContain(problem);
  });
});
