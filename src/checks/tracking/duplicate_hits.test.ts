import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle, makeRequest } from '../test-support.js';
import { check } from './duplicate_hits.js';
import { SITE, afterReload, consent, ga4Hit, gtag, gtm, load, metaHit, page } from './test-fixtures.js';

describe('tracking.duplicate_hits', () => {
  const home = `${SITE}/`;
  const valid = [
    ['one page_view per page and property', [page('/', [gtag(), ga4Hit(home), ga4Hit(home, { en: 'scroll' }), ga4Hit(home, { en: 'user_engagement' }), ga4Hit(home, { en: 'user_engagement' })])]],
    ['two properties each get one page_view (roll-up setup)', [page('/', [ga4Hit(home, { id: 'G-ONE111' }), ga4Hit(home, { id: 'G-TWO222' })])]],
    ['SPA navigation: page_views for different page locations', [page('/', [ga4Hit(home), ga4Hit(`${SITE}/pricing`)])]],
    ['a failed hit retried by the tag is one page view', [page('/', [ga4Hit(home, {}, { beacon_stubbed: false, status: null, failure: 'net::ERR_FAILED' }), ga4Hit(home)])]],
    ['GA4 and Meta each send one page view', [page('/', [ga4Hit(home), metaHit(home)])]],
  ] as const;
  it.each(valid)('passes: %s', (_name, pages) => {
    expect(findingsOf(check, makeBundle({ pages: [...pages] }))).toEqual([]);
  });

  it('flags the same GA4 page_view sent twice (gtag.js and GTM both configured), aggregated over pages', () => {
    const doubled = (p: string) => page(p, [gtm(), gtag(), ga4Hit(`${SITE}${p}`), ga4Hit(`${SITE}${p}`, {}, { start_ms: 400 })]);
    const fs = findingsOf(check, makeBundle({ pages: [doubled('/'), doubled('/a'), page('/b', [ga4Hit(`${SITE}/b`)])] }));
    expect(fs).toHaveLength(1);
    expect(fs[0]).toMatchObject({ severity: 'warning', title: 'Google Analytics 4 page_view sent 2× per page view (G-ABC123)' });
    expect(fs[0]!.evidence).toMatchObject({ vendor: 'ga4', id: 'G-ABC123', event: 'page_view' });
    expect((fs[0]!.evidence!.pages as { page: string; count: number }[]).map((p) => [p.page, p.count])).toEqual([[home, 2], [`${SITE}/a`, 2]]);
  });

  it('counts page views batched in one POST body', () => {
    const batched = ga4Hit(home, {}, { post_data: 'en=page_view&_et=1\r\nen=page_view&_et=2' });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [batched])] }));
    expect(f!.evidence).toMatchObject({ pages: [{ count: 2 }] });
  });

  it('checks the clean page view after accepting cookies, not the click and the reload together', () => {
    const clickThenReload = [ga4Hit(home, {}, { start_ms: 200 }), ...afterReload([ga4Hit(home), ga4Hit(home)])];
    const bundle = makeBundle({ pages: [page('/', [])], consent: consent(true, [load('none'), load('accept', { requests: clickThenReload })]) });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f!.evidence).toMatchObject({ pages: [{ page: home, after_accept: true, count: 2 }] });

    const once = [ga4Hit(home, {}, { start_ms: 200 }), ...afterReload([ga4Hit(home)])];
    expect(findingsOf(check, makeBundle({ pages: [page('/', [])], consent: consent(true, [load('accept', { requests: once })]) }))).toEqual([]);
  });

  it('does not count the page view the previous document flushed while the reload was on its way', () => {
    // gtag batches hits and sends them with sendBeacon on pagehide: after the reload started, before it arrived.
    const reload = makeRequest({ url: home, resource_type: 'document', is_navigation: true, start_ms: 1000, duration_ms: 300 });
    const requests = [reload, ga4Hit(home, {}, { start_ms: 1050 }), ga4Hit(home, {}, { start_ms: 1600 })];
    expect(findingsOf(check, makeBundle({ pages: [page('/', [])], consent: consent(true, [load('none'), load('accept', { requests })]) }))).toEqual([]);
    const doubled = [...requests, ga4Hit(home, {}, { start_ms: 1700 })];
    expect(findingsOf(check, makeBundle({ pages: [page('/', [])], consent: consent(true, [load('none'), load('accept', { requests: doubled })]) }))).toHaveLength(1);
  });

  it('flags a Meta PageView fired twice by two pixel snippets', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [metaHit(home), metaHit(home)])] }));
    expect(f!.evidence).toMatchObject({ vendor: 'meta_pixel', id: '1234567890', event: 'PageView' });
  });
});
