import { describe, expect, it } from 'vitest';
import type { DomFacts, RequestRecord } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check, estimatedDelayMs } from './render_blocking_resources.js';

const KiB = 1024;
const script = (src: string, over: Partial<DomFacts['scripts'][number]> = {}) => ({ src, async: false, defer: false, type: null, in_head: true, ...over });
const sheet = (href: string, media: string | null = null) => ({ href, media, in_head: true });
const req = (url: string, kib: number) => makeRequest({ url, transfer_bytes: kib * KiB, start_ms: 40 });
const page = (path: string, dom: Partial<DomFacts>, requests: RequestRecord[]) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, dom: makeDom(dom), requests });

describe('perf.render_blocking_resources', () => {
  const valid: [string, Partial<DomFacts>, RequestRecord[]][] = [
    ['deferred and async scripts', { scripts: [script('https://example.com/app.js', { defer: true }), script('https://example.com/a.js', { async: true })] }, [req('https://example.com/app.js', 90), req('https://example.com/a.js', 20)]],
    ['two stylesheets under 100 KiB', { stylesheets: [sheet('https://example.com/a.css'), sheet('https://example.com/b.css')] }, [req('https://example.com/a.css', 40), req('https://example.com/b.css', 30)]],
    ['a small third-party sync script', { scripts: [script('https://cdn.consent.test/loader.js')] }, [req('https://cdn.consent.test/loader.js', 3)]],
    ['a sync script that was never fetched (nomodule)', { scripts: [script('https://example.com/legacy.js')] }, []],
  ];
  it.each(valid)('passes: %s', (_name, dom, requests) => {
    expect(findingsOf(check, makeBundle({ pages: [page('/', dom, requests)] }))).toEqual([]);
  });

  it('flags a first-party sync head script once across the pages it blocks, with the stylesheets it waits for', () => {
    const dom = { scripts: [script('https://example.com/jquery.js')], stylesheets: [sheet('https://example.com/site.css')] };
    const pages = ['/', '/a', '/b'].map((p) => page(p, dom, [req('https://example.com/jquery.js', 30), req('https://example.com/site.css', 12)]));
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'perf.render_blocking_resources', severity: 'warning' });
    // 42 KiB from the page's own origin on slow 4G: one round trip (150 ms) and 205 ms of transfer.
    expect(f!.title).toBe('1 blocking script and 1 blocking stylesheet delay the first paint on 3 pages (about 355 ms on a mobile network)');
    expect(f!.evidence).toMatchObject({ estimated_delay_ms: 355, resources_total: 2, pages_total: 3 });
    expect(f!.evidence!.resources).toEqual([
      { url: 'https://example.com/jquery.js', kind: 'script', kib: 30, first_party: true, pages: 3 },
      { url: 'https://example.com/site.css', kind: 'stylesheet', kib: 12, first_party: true, pages: 3 },
    ]);
  });

  it('flags many head stylesheets and a sizeable third-party sync script', () => {
    const css = ['a', 'b', 'c'].map((n) => `https://example.com/${n}.css`);
    const dom = { stylesheets: css.map((c) => sheet(c)), scripts: [script('https://cdn.vendor.test/widget.js')] };
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', dom, [...css.map((c) => req(c, 8)), req('https://cdn.vendor.test/widget.js', 120)])] }));
    // The widget's host needs a connection first (4 round trips), then 144 KiB share the bandwidth.
    expect(f!.evidence!.pages).toEqual([{ url: 'https://example.com/', scripts: 1, stylesheets: 3, blocking_kib: 144, estimated_delay_ms: 1303 }]);
    expect(f).toMatchObject({ severity: 'warning', title: '1 blocking script and 3 blocking stylesheets delay the first paint on 1 page (about 1.3 s on a mobile network)' });
    expect(f!.evidence!.page).toBe('https://example.com/');
  });

  it('is info when the delay is one Lighthouse would call small: a 4 KiB theme script of the site\'s own', () => {
    const dom = { scripts: [script('https://example.com/theme.js')], stylesheets: [sheet('https://example.com/site.css')] };
    const requests = [req('https://example.com/theme.js', 4), req('https://example.com/site.css', 12)];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', dom, requests), page('/a', dom, requests)] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: '1 blocking script and 1 blocking stylesheet delay the first paint on 2 pages (about 228 ms on a mobile network)' });
  });

  it('estimates the delay as Lighthouse\'s mobile network would: the slowest start, then the bytes sharing the bandwidth', () => {
    expect(estimatedDelayMs([])).toBe(0);
    expect(estimatedDelayMs([{ bytes: 0, sameOrigin: true }])).toBe(150);
    expect(estimatedDelayMs([{ bytes: 0, sameOrigin: false }])).toBe(600);
    expect(estimatedDelayMs([{ bytes: 100 * 1024, sameOrigin: true }, { bytes: 100 * 1024, sameOrigin: true }])).toBe(150 + 977);
  });

  it('compares request times with the first paint on one clock when a script sent the start page on ("/" → "/fr/")', () => {
    // The /fr/ navigation began 229 ms into the page; its first paint came 492 ms after that (721 ms on the
    // request clock). Its stylesheet, requested at 494 ms, held that paint back.
    const css = makeRequest({ url: 'https://example.com/fr/style.css', transfer_bytes: 106 * KiB, start_ms: 494 });
    const redirected = makePage({
      url: 'https://example.com/', final_url: 'https://example.com/fr/',
      dom: makeDom({ stylesheets: [sheet('https://example.com/fr/style.css')] }),
      performance: { ...makePage().performance!, fcp_ms: 492 },
      requests: [
        makeRequest({ url: 'https://example.com/', resource_type: 'document', is_navigation: true, start_ms: 0 }),
        makeRequest({ url: 'https://example.com/fr/', resource_type: 'document', is_navigation: true, start_ms: 229 }),
        css,
      ],
    });
    const [f] = findingsOf(check, makeBundle({ pages: [redirected] }));
    expect(f!.evidence!.resources).toEqual([expect.objectContaining({ url: 'https://example.com/fr/style.css', kind: 'stylesheet' })]);
  });

  it('passes a realistic clean page', () => {
    const dom = {
      stylesheets: [sheet('https://example.com/main.css'), sheet('https://example.com/print.css', 'print')],
      scripts: [script('https://example.com/app.js', { type: 'module' }), script('https://www.googletagmanager.com/gtag/js', { async: true })],
    };
    const requests = [req('https://example.com/main.css', 25), req('https://example.com/print.css', 5), req('https://example.com/app.js', 120), req('https://www.googletagmanager.com/gtag/js', 90)];
    expect(findingsOf(check, makeBundle({ pages: [page('/', dom, requests)] }))).toEqual([]);
  });

  it('gives the most one page waits for when the site\'s distinct files outnumber it (each article vendors its own copy)', () => {
    const at = (path: string, files: string[]) => page(path, { scripts: files.map((f) => script(`https://example.com${f}`)) }, files.map((f) => req(`https://example.com${f}`, 30)));
    const bundle = makeBundle({ pages: [
      at('/', ['/deps/jquery.js', '/deps/bootstrap.js']),
      at('/articles/a.html', ['/deps/jquery.js', '/deps/bootstrap.js', '/articles/a_files/libs/tippy.js']),
      at('/articles/b.html', ['/deps/jquery.js', '/deps/bootstrap.js', '/articles/b_files/libs/tippy.js']),
    ] });
    const [f] = findingsOf(check, bundle);
    expect(f!.title).toMatch(/^Up to 3 blocking scripts per page delay the first paint on 3 pages/);
    expect((f!.evidence!.resources as unknown[]).length).toBe(4);
  });

  it('takes both counts of that title from one page, the one waiting for the most files', () => {
    const at = (path: string, scripts: string[], sheets: string[]) => page(path, { scripts: scripts.map((f) => script(`https://example.com${f}`)), stylesheets: sheets.map((f) => sheet(`https://example.com${f}`)) },
      [...scripts, ...sheets].map((f) => req(`https://example.com${f}`, 30)));
    const bundle = makeBundle({ pages: [
      at('/', ['/a.js', '/b.js', '/c.js'], []),
      at('/docs/', ['/a.js'], ['/1.css', '/2.css', '/3.css']),
    ] });
    expect(findingsOf(check, bundle)[0]!.title).toMatch(/^Up to 1 blocking script and 3 blocking stylesheets per page delay/);
  });
});
