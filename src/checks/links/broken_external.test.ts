import { describe, expect, it } from 'vitest';
import type { UrlCheck } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, outcomeOf } from '../test-support.js';
import { check } from './broken_external.js';

const link = (over: Partial<UrlCheck>): UrlCheck => ({
  url: 'https://partner.example.org/offer', status: 200, method: 'HEAD', error: null, final_url: 'https://partner.example.org/offer', found_on: ['https://example.com/'], ...over,
});
const withLinks = (...external_link_checks: UrlCheck[]) => makeBundle({ site: { ...makeBundle().site, external_link_checks } });
const answered = link({ url: 'https://docs.other.net/', status: 200 });
const nxdomain = 'refused https://old-vendor.example.net/: old-vendor.example.net could not be resolved (ENOTFOUND)';

describe('links.broken_external', () => {
  const valid = [
    ['links answering 200 or redirecting to one', withLinks(link({}), link({ url: 'https://t.co/x', final_url: 'https://news.example.org/a' }))],
    ['bot walls and logins: 401, 403, 999 (LinkedIn)', withLinks(link({ status: 401, method: 'GET' }), link({ url: 'https://www.linkedin.com/company/x', status: 999, method: 'GET' }), link({ url: 'https://shop.example.org/', status: 403, method: 'GET' }))],
    ['rate limited (429) and server errors (5xx)', withLinks(link({ status: 429, method: 'GET' }), link({ url: 'https://b.example.org/', status: 503, method: 'GET' }))],
    ['a HEAD-only 404 (not confirmed by GET)', withLinks(link({ status: 404, method: 'HEAD' }))],
    ['timeouts, resets and TLS errors', withLinks(link({ status: null, error: 'timed out after 4000 ms' }), link({ url: 'https://c.example.org/', status: null, error: 'read ECONNRESET' }))],
    ['a temporary DNS failure (EAI_AGAIN)', withLinks(answered, link({ status: null, error: 'refused https://partner.example.org/offer: partner.example.org could not be resolved (EAI_AGAIN)' }))],
    ['NXDOMAIN when no other host answered (our resolver may be down)', withLinks(link({ url: 'https://old-vendor.example.net/', status: null, error: nxdomain }))],
    ['a 404 whose page redirects in the browser (a single-page app on GitHub Pages)', withLinks(link({ url: 'https://user.github.io/app/settings', status: 404, method: 'GET', client_redirect: 'script' }), link({ url: 'https://b.example.org/x', status: 404, method: 'GET', client_redirect: 'meta_refresh' }))],
    ['a private address our guard refused', withLinks(link({ status: null, error: 'refused http://intranet.example.com/: resolves to 10.0.0.1, a private address' }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable, not passed, when every link to another site was refused by the guard (allowlist-only)', () => {
    const refused = (url: string) => link({ url, status: null, error: `refused ${url}: github.com:443 is not in QA_URL_ALLOWLIST` });
    expect(outcomeOf(check, withLinks(refused('https://github.com/a'), refused('https://github.com/b')))).toBe('not_applicable');
    // One answered: what was read can pass.
    expect(outcomeOf(check, withLinks(refused('https://github.com/a'), answered))).toBe('passed');
  });

  it('is not applicable to evidence captured before external links were checked', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags a GET-confirmed 404/410 and a host that does not exist, on the page carrying the link', () => {
    const findings = findingsOf(check, withLinks(
      answered,
      link({ status: 404, method: 'GET', found_on: ['https://example.com/about', 'https://example.com/'] }),
      link({ url: 'https://news.example.org/2019/story', status: 410, method: 'GET' }),
      link({ url: 'https://old-vendor.example.net/', status: null, error: nxdomain }),
    ));
    expect(findings.map((f) => [f.title, f.severity, f.evidence!.page])).toEqual([
      ['Link to https://partner.example.org/offer is broken (404)', 'warning', 'https://example.com/about'],
      ['Link to https://news.example.org/2019/story is broken (410)', 'warning', 'https://example.com/'],
      ['Link to old-vendor.example.net leads nowhere (the host does not exist)', 'warning', 'https://example.com/'],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ found_on_total: 2, status: 404, method: 'GET' });
  });

  it('reports links to a domain reserved for examples, read from every page (a sign-up form\'s consent box linking https://example.com/code-of-conduct)', () => {
    const page = (url: string, links: string[]) => makePage({ url, final_url: url, dom: makeDom({ links: links.map((href) => ({ href, text: 'code of conduct', rel: null, region: 'body' as const, nofollow: false })) }) });
    const bundle = makeBundle({
      pages: [page('https://ukuleletuesday.ie/', ['https://ukuleletuesday.ie/gigs/']), page('https://ukuleletuesday.ie/whatsapp/', ['https://example.com/code-of-conduct', 'https://www.iana.org/'])],
      site: { ...makeBundle().site, origin: 'https://ukuleletuesday.ie', external_link_checks: [] },
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '1 link to a domain reserved for examples, left from a template (https://example.com/code-of-conduct)', evidence: { pages: ['https://ukuleletuesday.ie/whatsapp/'] } });
    // A site that lives on such a name (a test site, a docs example) is not judged by it.
    const own = makeBundle({ pages: [page('https://example.com/', ['https://example.com/x', 'https://shop.example.com/'])], site: { ...makeBundle().site, external_link_checks: [] } });
    expect(findingsOf(check, own)).toEqual([]);
  });

  it("reports profile links and forms a template left for its user to fill in (a mill association's contact form, a portfolio's social links)", () => {
    const page = makePage({
      url: 'https://moulin.fr/contact.html', final_url: 'https://moulin.fr/contact.html',
      dom: makeDom({
        links: ['https://github.com/YOUR_USERNAME', 'https://twitter.com/%7B%7B%20site.twitter%20%7D%7D', 'https://en.wikipedia.org/wiki/ISO_8601'].map((href) => ({ href, text: 'profile', rel: null, region: 'footer' as const, nofollow: false })),
        forms: [
          { action: 'https://formspree.io/f/VOTRE_ID_FORMSPREE', method: 'post', selector: '#contact', has_password: false },
          { action: 'https://moulin.fr/search', method: 'get', selector: '#search', has_password: false },
        ],
      }),
    });
    const findings = findingsOf(check, makeBundle({ pages: [makePage({ url: 'https://moulin.fr/' }), page], site: { ...makeBundle().site, origin: 'https://moulin.fr', external_link_checks: [] } }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['warning', "2 links left as a template's placeholder (https://github.com/YOUR_USERNAME)"],
      ['warning', "A form sends to a template's placeholder address (https://formspree.io/f/VOTRE_ID_FORMSPREE): it cannot be sent"],
    ]);
    expect(findings[1]!.evidence).toMatchObject({ forms: [{ url: 'https://formspree.io/f/VOTRE_ID_FORMSPREE', placeholder: 'VOTRE_ID_FORMSPREE', pages: ['https://moulin.fr/contact.html'] }], pages_total: 1 });
  });
});
