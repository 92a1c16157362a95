import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './hreflang_invalid.js';

const withHreflang = (...hreflang: { lang: string; href: string }[]) => makeBundle({ pages: [makePage({ dom: makeDom({ hreflang }) })] });
const problems = (bundle: ReturnType<typeof withHreflang>) =>
  ((findingsOf(check, bundle)[0]?.evidence?.pages ?? []) as { problem: string }[]).map((p) => p.problem);

describe('seo.hreflang_invalid', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    [
      'language, language-region, script and x-default codes in any case',
      withHreflang(
        { lang: 'en', href: 'https://example.com/' },
        { lang: 'en-GB', href: 'https://example.com/uk/' },
        { lang: 'de-ch', href: 'https://example.com/ch/' },
        { lang: 'zh-Hant-TW', href: 'https://example.com/tw/' },
        { lang: 'X-Default', href: 'https://example.com/' },
      ),
    ],
    [
      'an invalid code in <body>, which Google ignores (Lighthouse seo-tester case)',
      makeBundle({
        pages: [
          makePage({
            html: {
              content: '<!DOCTYPE html><html><head><link rel="alternate" hreflang="es" href="https://lat.example.com/"></head><body><link rel="alternate" hreflang="nonsense" href="https://nonsense.example.com"></body></html>',
              bytes: 200,
              truncated: false,
            },
            dom: makeDom({ hreflang: [{ lang: 'es', href: 'https://lat.example.com/' }, { lang: 'nonsense', href: 'https://nonsense.example.com/' }] }),
          }),
        ],
      }),
    ],
    ['one code listed twice with the same URL', withHreflang({ lang: 'fr', href: 'https://example.com/fr/' }, { lang: 'FR', href: 'https://example.com/fr/' })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags the Lighthouse fixture cases: an unknown code and a code with a leading space', () => {
    const bundle = withHreflang({ lang: 'xx', href: 'https://xx.example.com/' }, { lang: ' x-default', href: 'http://example.com/' });
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(problems(bundle)).toEqual(['hreflang "xx" "xx" is not an ISO 639-1 language code', 'hreflang " x-default" has surrounding spaces']);
  });

  it('flags a country code that is not ISO 3166-1 (en-UK), underscores, numeric regions and empty values', () => {
    const bundle = withHreflang(
      { lang: 'en-UK', href: 'https://example.com/uk/' },
      { lang: 'en_US', href: 'https://example.com/us/' },
      { lang: 'es-419', href: 'https://example.com/latam/' },
      { lang: '', href: 'https://example.com/' },
    );
    expect(problems(bundle)).toEqual([
      'hreflang "en-UK" "UK" is not an ISO 3166-1 alpha-2 region code',
      'hreflang "en_US" uses "_" where hreflang uses "-"',
      'hreflang "es-419" "419" is not an ISO 3166-1 alpha-2 region code',
      'hreflang "" is empty',
    ]);
  });

  it('flags a non-http URL and one code pointing to two URLs', () => {
    const bundle = withHreflang(
      { lang: 'de', href: 'https://example.com/de/' },
      { lang: 'de', href: 'https://example.com/de-de/' },
      { lang: 'fr', href: 'javascript:void(0)' },
    );
    expect(problems(bundle)).toEqual([
      'hreflang "de" also points to https://example.com/de/',
      'href "javascript:void(0)" is not an absolute http(s) URL',
    ]);
  });
});
