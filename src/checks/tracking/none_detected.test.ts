import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { check } from './none_detected.js';
import { SITE, afterReload, consent, ga4Hit, gtag, gtm, hit, load, page, script } from './test-fixtures.js';

describe('tracking.none_detected', () => {
  const home = `${SITE}/`;
  const valid = [
    ['GA4 tag and hit on the start page', { pages: [page('/', [gtag(), ga4Hit(home)])] }],
    ['Plausible (cookieless) hit only', { pages: [page('/', [hit('https://plausible.io/api/event', { post_data: '{"n":"pageview","u":"https://example.com/","d":"example.com"}' })])] }],
    ['consent-gated GA4: nothing before consent, hits after accepting', {
      pages: [page('/', [])],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtag(), ga4Hit(home)]) })]),
    }],
    ['a proxied analytics whose global proves it ran', { pages: [page('/', [script(`${SITE}/js/script.js`)], { globals: ['plausible'] })] }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('is critical when no page and no consent load shows any analytics', () => {
    const bundle = makeBundle({
      pages: [page('/', [script(`${SITE}/app.js`)]), page('/about', [])],
      consent: consent(false, [load('none')]),
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'tracking.none_detected', section: 'measured', severity: 'critical', title: 'No analytics found' });
    expect(f!.evidence).toMatchObject({ pages_checked: 2, banner_detected: false, tag_managers: [] });
  });

  it('is not fooled by the queue stubs a consent manager defines for every visitor (tarteaucitron: window.clarity, window.uetq)', () => {
    const bundle = makeBundle({ pages: [page('/', [script(`${SITE}/tarteaucitron/tarteaucitron.js`)], { globals: ['clarity', 'uetq', 'tarteaucitron'] }), page('/club', [], { globals: ['clarity', 'uetq'] })], consent: consent(false, [load('none')]) });
    expect(findingsOf(check, bundle)[0]).toMatchObject({ severity: 'critical', title: 'No analytics found' });
  });

  it('still reports when only a tag manager or an ad pixel loads, and names them', () => {
    const bundle = makeBundle({
      pages: [page('/', [gtm('GTM-XYZ123'), script('https://connect.facebook.net/en_US/fbevents.js')])],
      consent: consent(true, [load('none'), load('accept', { requests: afterReload([gtm('GTM-XYZ123')]) })]),
    });
    const [f] = findingsOf(check, bundle);
    expect(f!.severity).toBe('critical');
    expect(f!.evidence).toMatchObject({ tag_managers: [{ vendor: 'gtm', ids: ['GTM-XYZ123'] }], ad_pixels: ['meta_pixel'], accept_clicked: '#accept' });
  });

  it('only informs when a banner hides the site and could not be accepted', () => {
    const bundle = makeBundle({
      pages: [page('/', [])],
      consent: consent(true, [load('none'), load('accept', { action_taken: false, clicked: null })]),
    });
    const [f] = findingsOf(check, bundle);
    expect(f!.severity).toBe('info');
  });

  it('leaves a tag held back by a consent manager to tracking.installed_not_firing: it is installed, not absent', () => {
    const html = '<script type="text/plain" data-cookieconsent="statistics">(function(w,d,s,l,i){j.src="https://www.googletagmanager.com/gtm.js?id="+i})(window,document,"script","dataLayer","GTM-ABC123");</script>';
    const bundle = makeBundle({ pages: [page('/', [], { html: { content: html, bytes: html.length, truncated: false } })] });
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('informs when an analytics snippet sits in the HTML unrun and no consent manager marks it', () => {
    const html = '<!-- <script>gtag("config", "G-OLD1234")</script> -->';
    const bundle = makeBundle({ pages: [page('/', [], { html: { content: html, bytes: html.length, truncated: false } })] });
    const [f] = findingsOf(check, bundle);
    expect(f!.severity).toBe('info');
    expect(f!.evidence).toMatchObject({ tags_in_html_not_run: ['ga4'], matrix_captured: false });
  });

  it('leaves configured-but-silent tags to tracking.installed_not_firing (gtag config queued, loader host dead)', () => {
    const dead = script('https://metrics.example.invalid/gtag/js?id=G-DEAD1', { status: null, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', blocked: true, failure_reason: 'dns' });
    const bundle = makeBundle({ pages: [page('/', [dead], { tag_config: [{ source: 'dataLayer', command: 'config', id: 'G-DEAD1' }] })] });
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it("reports Universal Analytics queued by ga('create') or _gaq as retired even when analytics.js never loaded, not as no analytics", () => {
    const refused = script('https://www.google-analytics.com/analytics.js', { status: null, failure: 'net::ERR_BLOCKED_BY_CLIENT', blocked: true, failure_reason: 'csp' });
    for (const entry of [{ source: 'ga', command: 'create', id: 'UA-12345-1' }, { source: '_gaq', command: '_setAccount', id: 'UA-12345-2' }]) {
      const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', [refused], { tag_config: [entry] })] }));
      expect(rest).toEqual([]);
      expect(f).toMatchObject({ severity: 'warning', title: 'Only Universal Analytics found, which no longer processes data' });
      expect(f!.evidence).toMatchObject({ vendors: [{ vendor: 'ua', ids: [entry.id] }], pages: [`${SITE}/`] });
    }
    // GA4 beside it: measured.
    const both = [{ source: 'ga', command: 'create', id: 'UA-12345-1' }, { source: 'dataLayer', command: 'config', id: 'G-NEW1' }];
    expect(findingsOf(check, makeBundle({ pages: [page('/', [gtag('G-NEW1'), ga4Hit(home)], { tag_config: both })] }))).toEqual([]);
    // A queue that names no UA property is no sign of one.
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [], { tag_config: [{ source: 'ga', command: 'create', id: 'auto' }] })] }));
    expect(f!.title).toBe('No analytics found');
  });

  it('warns when only Universal Analytics is installed: it stopped processing data', () => {
    const ua = 'https://www.google-analytics.com/collect?v=1&t=pageview&tid=UA-12345-1&dl=https%3A%2F%2Fexample.com%2F';
    const bundle = makeBundle({ pages: [page('/', [script('https://www.google-analytics.com/analytics.js'), hit(ua)])] });
    const [f] = findingsOf(check, bundle);
    expect(f!.severity).toBe('warning');
    expect(f!.title).toMatch(/Only Universal Analytics/);
    expect(f!.evidence).toMatchObject({ vendors: [{ vendor: 'ua', ids: ['UA-12345-1'], stopped_processing: '2023-07-01' }] });
  });

  it('does not count analytics of an embedded widget (hits about another site)', () => {
    const widget = ga4Hit('https://calendly.com/acme', { id: 'G-WIDGET1' });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [widget])] }));
    expect(f!.title).toBe('No analytics found');
  });
});
