import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { check } from './tag_without_hit.js';
import { SITE, afterReload, consent, fbevents, ga4Hit, gtag, load, metaHit, page, script } from './test-fixtures.js';

describe('tracking.tag_without_hit', () => {
  const home = `${SITE}/`;
  const noBanner = consent(false, [load('none')]);
  const valid = [
    ['GA4 and Meta tags each send their page view', {
      pages: [page('/', [gtag(), ga4Hit(home), fbevents(), metaHit(home)]), page('/a', [gtag(), ga4Hit(`${SITE}/a`)])], consent: noBanner,
    }],
    ['consent-gated: the tag loads silent before consent and hits after accepting', {
      pages: [page('/', [gtag()])],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtag(), ga4Hit(home)]) })]),
    }],
    ['consent-gated and accepting was not possible: cannot tell', {
      pages: [page('/', [gtag()])], consent: consent(true, [load('none'), load('accept', { action_taken: false, clicked: null })]),
    }],
    ['a vendor that does not hit on load (Mixpanel) loads without a hit', {
      pages: [page('/', [script('https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js')], { globals: ['mixpanel'] })], consent: noBanner,
    }],
    ['the tag script failed or was refused: the tag never ran, even though its snippet defined a global', {
      pages: [page('/', [{ ...gtag(), status: null, failure: 'net::ERR_FAILED' }, { ...fbevents(), blocked: true, status: null }], { globals: ['fbq', 'gtag'] })],
      consent: noBanner,
    }],
    ['Plausible through a first-party proxy: its global proves the tag, its proxied hit counts', {
      pages: [page('/', [script(`${SITE}/js/script.js`), { ...script(`${SITE}/api/event`), resource_type: 'fetch', method: 'POST', post_data: '{"n":"pageview","u":"https://example.com/","d":"example.com"}' }], { globals: ['plausible'] })],
      consent: noBanner,
    }],
    ['a tag manager alone is not expected to send hits', { pages: [page('/', [script('https://www.googletagmanager.com/gtm.js?id=GTM-ABCD12')])], consent: noBanner }],
    ['a tag loaded inside an embedded iframe (not in the page DOM)', {
      pages: [page('/', [], { requests: [gtag('G-WIDGET1')] })], consent: noBanner,
    }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('is not applicable without the consent matrix (silence may be consent gating)', () => {
    expect(outcomeOf(check, makeBundle({ pages: [page('/', [gtag()])] }))).toBe('not_applicable');
  });

  it('flags a tag that loads without hitting on a site with no banner, one finding per vendor listing pages', () => {
    const bundle = makeBundle({
      pages: [page('/', [gtag(), ga4Hit(home)]), page('/a', [gtag()]), page('/b', [gtag()]), page('/c', [fbevents()], { globals: ['fbq'] })],
      consent: noBanner,
    });
    const fs = findingsOf(check, bundle);
    expect(fs.map((f) => f.evidence!.vendor)).toEqual(['ga4', 'meta_pixel']);
    const [ga4, meta] = fs;
    expect(ga4).toMatchObject({ severity: 'warning', title: 'Google Analytics 4 tag loads but sends no hit' });
    expect(ga4!.evidence).toMatchObject({ ids: ['G-ABC123'], silent_pages: 2, pages_with_hits: 1 });
    expect((ga4!.evidence!.pages as { url: string }[]).map((p) => p.url)).toEqual([`${SITE}/a`, `${SITE}/b`]);
    expect(meta!.evidence).toMatchObject({ silent_pages: 1, page: `${SITE}/c` });
  });

  it('flags a tag that stays silent after accepting while another analytics tag does send', () => {
    const hotjarFree = [gtag(), script('https://cdn.segment.com/analytics.js/v1/WK/analytics.min.js')];
    const bundle = makeBundle({
      pages: [page('/', hotjarFree, { globals: [] })],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([...hotjarFree, ga4Hit(home)]) })]),
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f!.evidence).toMatchObject({ vendor: 'segment', hit_after_accept: false, banner_detected: true });
  });
});
