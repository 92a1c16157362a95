import { describe, expect, it } from 'vitest';
import type { DomFacts } from '../../evidence/types.js';
import { findingsOf, makeDom } from '../test-support.js';
import { check } from './insecure_forms.js';
import { doc, hardened, site } from './support/test-pages.js';

type Form = DomFacts['forms'][number];
const form = (action: string, has_password = false): Form => ({ action, method: 'post', selector: 'form#f', has_password });
const withForms = (url: string, ...forms: Form[]) => doc(url, {}, { dom: makeDom({ forms }) });

describe('security.insecure_forms', () => {
  it.each([
    ['an HTTPS form', withForms('/', form('https://example.com/login', true))],
    ['a mailto form', withForms('/', form('mailto:hi@example.com'))],
    ['a search form on a plain-HTTP site (no password)', withForms('http://example.com/', form('http://example.com/search'))],
  ])('passes: %s', (_name, page) => {
    expect(findingsOf(check, site(page))).toEqual([]);
  });

  it('flags an HTTPS page posting to http: as a warning', () => {
    const [f] = findingsOf(check, site(withForms('/', form('http://newsletter.example.com/subscribe'))));
    expect(f).toMatchObject({ check_id: 'security.insecure_forms', severity: 'warning' });
    expect(f!.evidence!.forms).toEqual([
      { page: 'https://example.com/', selector: 'form#f', action: 'http://newsletter.example.com/subscribe', method: 'post', has_password: false, reason: 'HTTPS page submits to an http: address', severity: 'warning' },
    ]);
  });

  it('flags a password form over HTTP as critical', () => {
    const [f] = findingsOf(check, site(withForms('http://example.com/login', form('http://example.com/login', true))));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.title).toContain('including passwords');
  });

  it('judges a local copy\'s own forms by the scheme production serves on, and keeps an http: action written to another host', () => {
    const origin = 'http://127.0.0.1:49317';
    const copyPage = (path: string, declared: string, ...forms: Form[]) => doc(`${origin}${path}`, {}, { dom: makeDom({ forms, meta: [{ name: null, property: 'og:url', http_equiv: null, content: `${declared}${path}` }] }) });
    // react-live demo forms without an action, on a copy of an HTTPS site: they post to production over HTTPS.
    const demo = (declared: string) => site(copyPage('/forms/overview/', declared, form(`${origin}/forms/overview/`, true)), copyPage('/forms/form-control/', declared, form(`${origin}/forms/form-control/`, true)));
    expect(findingsOf(check, demo('https://react-bootstrap.github.io'))).toEqual([]);
    // A copy of a plain-HTTP site keeps the verdict; so does a local site naming no production address.
    expect(findingsOf(check, demo('http://legacy-shop.de'))[0]).toMatchObject({ severity: 'critical' });
    expect(findingsOf(check, site(withForms(`${origin}/login`, form(`${origin}/login`, true))))[0]).toMatchObject({ severity: 'critical' });
    // A copy recognised only by its own sitemap naming production over HTTPS (no canonical, no og:url).
    const plain = (path: string) => doc(`${origin}${path}`, {}, { dom: makeDom({ forms: [form(`${origin}${path}`, true)] }) });
    const sitemap = { url: `${origin}/sitemap.xml`, status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'default' as const, body: '<urlset><url><loc>https://qsu.cdget.com/forms/overview/</loc></url><url><loc>https://qsu.cdget.com/forms/form-control/</loc></url></urlset>' };
    const bySitemap = { ...site(plain('/forms/overview/'), plain('/forms/form-control/')) };
    bySitemap.site = { ...bySitemap.site, sitemaps: [sitemap] };
    expect(findingsOf(check, bySitemap)).toEqual([]);
    // A form written to post to another host over http: is a defect on production too.
    const [f] = findingsOf(check, site(copyPage('/', 'https://react-bootstrap.github.io', form('http://newsletter.othersite.com/subscribe'))));
    expect(f).toMatchObject({ severity: 'warning', evidence: { forms: [{ reason: 'HTTPS page submits to an http: address' }] } });
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/', {}, { dom: makeDom({ forms: [form('https://example.com/search')] }) })))).toEqual([]);
  });
});
