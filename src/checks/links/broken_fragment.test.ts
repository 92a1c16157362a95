import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './broken_fragment.js';

const page = (path: string, missing: { fragment: string; selector: string; text: string }[], status = 200) =>
  makePage({ url: `https://docs.example.org${path}`, final_url: `https://docs.example.org${path}`, status, dom: makeDom({ missing_fragments: missing }) });
const toc = { fragment: 'installation', selector: 'nav.toc > a:nth-of-type(2)', text: 'Installation' };

describe('links.broken_fragment', () => {
  it('passes a realistic site and pages without missing fragments', () => {
    expect(findingsOf(check, realisticSite())).toEqual([]);
    expect(findingsOf(check, makeBundle({ pages: [page('/', [])] }))).toEqual([]);
  });

  it("reports a template's broken table-of-contents link once, listing its pages, as a warning", () => {
    const bundle = makeBundle({ pages: [page('/guide/', [toc]), page('/api/', [toc, { fragment: 'id6', selector: 'p > a', text: 'pywt.Wavelet_' }])] });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ check_id: 'links.broken_fragment', section: 'works', severity: 'warning', title: '2 links to a part of a page that does not exist (#installation, #id6)' });
    expect(f!.evidence).toMatchObject({ links: [{ fragment: '#installation', pages: ['https://docs.example.org/guide/', 'https://docs.example.org/api/'] }, { fragment: '#id6', text: 'pywt.Wavelet_' }], pages_total: 2 });
  });

  it("checks a link to another crawled page's part against that page's HTML, once per target", () => {
    const html = (content: string, truncated = false) => ({ content, bytes: content.length, truncated });
    const guide = makePage({ url: 'https://docs.example.org/guide/', final_url: 'https://docs.example.org/guide/', html: html('<html><body><h2 id="install">Install</h2><a name="legacy"></a><h2 id="caf&amp;é">x</h2><h3 id="impl-Borrow%3CT%3E">x</h3></body></html>'), dom: makeDom() });
    const link = (href: string, text = href) => ({ href, text, rel: null, region: 'body' as const, nofollow: false });
    const from = makePage({ url: 'https://docs.example.org/', final_url: 'https://docs.example.org/', dom: makeDom({ links: [link('https://docs.example.org/guide/#install'), link('https://docs.example.org/guide/#legacy'), link('https://docs.example.org/guide/#caf%26%C3%A9'), link('https://docs.example.org/guide/#usage', 'Usage'), link('https://docs.example.org/guide/#/route'), link('https://docs.example.org/other/#usage'), link('https://docs.example.org/guide/#impl-Borrow%3CT%3E')] }) });
    const [f] = findingsOf(check, makeBundle({ pages: [from, guide] }));
    expect(f).toMatchObject({ severity: 'warning', title: '1 link to a part of a page that does not exist (/guide/#usage)' });
    expect(f!.evidence).toMatchObject({ links: [{ fragment: '#usage', target: 'https://docs.example.org/guide/', text: 'Usage', pages: ['https://docs.example.org/'] }] });
    // A target whose HTML was cut at the cap is not judged.
    expect(findingsOf(check, makeBundle({ pages: [from, { ...guide, html: html('<html><body>', true) }] }))).toEqual([]);
  });

  it('does not judge an error page', () => {
    expect(findingsOf(check, makeBundle({ pages: [page('/gone/', [toc], 404)] }))).toEqual([]);
  });
});
