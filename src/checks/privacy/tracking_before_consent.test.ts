import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { SITE, afterReload, consent, cookie, fbevents, ga4Hit, gtag, gtm, hit, load, metaHit, page } from '../tracking/test-fixtures.js';
import { check } from './tracking_before_consent.js';

describe('privacy.tracking_before_consent', () => {
  const home = `${SITE}/`;
  const gated = consent(true, [load('none'), load('accept', { requests: afterReload([gtag(), ga4Hit(home)]), cookies: [cookie('_ga')] })]);
  const valid = [
    ['a consent-gated site: tags and cookies only after accepting', { pages: [page('/', [gtm()], { cookies: [cookie('OptanonConsent')] })], consent: gated }],
    ['Google consent mode: cookieless pings that declare storage denied, no cookies', {
      pages: [page('/', [gtag(), ga4Hit(home, { gcs: 'G100' })])], consent: gated,
    }],
    ['cookieless analytics (Plausible) before consent', {
      pages: [page('/', [hit('https://plausible.io/api/event', { post_data: '{"n":"pageview","u":"https://example.com/","d":"example.com"}' })])], consent: gated,
    }],
    ['Matomo in cookieless mode (CNIL exemption)', {
      pages: [page('/', [hit('https://stats.example.com/matomo.php?idsite=1&rec=1&action_name=Home')])], consent: gated,
    }],
    ['loading a tag manager or a pixel script without any hit or cookie', { pages: [page('/', [gtm(), fbevents()])], consent: gated }],
    ['first-party functional cookies only', { pages: [page('/', [], { cookies: [cookie('PHPSESSID'), cookie('cart'), cookie('__cf_bm', '.example.com')] })], consent: gated }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('flags GA4 hits and cookies before consent on a site with a banner, as one critical finding', () => {
    const bundle = makeBundle({
      pages: [
        page('/', [gtag(), ga4Hit(home, { gcs: 'G111' })], { cookies: [cookie('_ga'), cookie('_ga_ABC123')] }),
        page('/a', [gtag(), ga4Hit(`${SITE}/a`), fbevents(), metaHit(`${SITE}/a`)], { cookies: [cookie('_ga'), cookie('_fbp')] }),
      ],
      consent: gated,
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ section: 'compliant', severity: 'critical', title: 'Tracking starts before the visitor consents' });
    const vendors = f!.evidence!.vendors as { vendor: string; hits: number; cookies: string[] }[];
    expect(vendors.map((v) => [v.vendor, v.hits, v.cookies])).toEqual([
      ['ga4', 2, ['_ga (.example.com)', '_ga_ABC123 (.example.com)']],
      ['meta_pixel', 1, ['_fbp (.example.com)']],
    ]);
    expect(f!.evidence).toMatchObject({ banner_detected: true, pages: [home, `${SITE}/a`] });
  });

  it('names a site that tracks with no consent banner at all', () => {
    const bundle = makeBundle({ pages: [page('/', [fbevents(), metaHit(home)])], consent: consent(false, [load('none')]) });
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'critical', title: 'Tracks visitors without asking for consent (no consent banner found)' });
  });

  it('counts tracking cookies alone, and a no-interaction load that is not a crawled page', () => {
    const bundle = makeBundle({
      pages: [page('/', [])],
      consent: consent(true, [load('none', { url: `${SITE}/landing`, cookies: [cookie('_hjSessionUser_123'), cookie('IDE', '.doubleclick.net')] })]),
    });
    const [f] = findingsOf(check, bundle);
    const vendors = f!.evidence!.vendors as { vendor: string; hits: number }[];
    expect(vendors.map((v) => [v.vendor, v.hits])).toEqual([['hotjar', 0], ['google_ads', 0]]);
  });

  it('counts a hit once when the no-interaction load is the crawl\'s start page', () => {
    const start = page('/', [ga4Hit(home)]);
    const bundle = makeBundle({ pages: [start], consent: consent(true, [load('none', { requests: start.requests })]) });
    expect(findingsOf(check, bundle)[0]!.evidence).toMatchObject({ vendors: [{ vendor: 'ga4', hits: 1 }] });
  });

  it('counts Matomo hits once Matomo has set its cookies', () => {
    const bundle = makeBundle({
      pages: [page('/', [hit('https://stats.example.com/matomo.php?idsite=1&rec=1&action_name=Home')], { cookies: [cookie('_pk_id.1.1fff')] })],
    });
    expect(findingsOf(check, bundle)[0]!.evidence).toMatchObject({ vendors: [{ vendor: 'matomo', hits: 1 }], matrix_captured: false, banner_detected: null });
  });
});
