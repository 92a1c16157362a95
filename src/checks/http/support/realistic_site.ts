// A realistic, healthy two-page site as evidence, for the "no false positive" case of every check
// in the http, links, errors and seo families. It carries the noise real captures contain: the
// browser's favicon request, stubbed beacons, a guard-refused request, aborted pings, 304s, a
// consent-banner console warning and a CORS line about the stubbed beacon.
import type { EvidenceBundle, PageEvidence } from '../../../evidence/types.js';
import { makeBundle, makeDom, makePage, makeRequest } from '../../test-support.js';

const HOME = 'https://www.example.com/';
const ABOUT = 'https://www.example.com/about';
const DE = 'https://www.example.com/de/';

const PROSE_EN =
  'Garden tools made to last. Every spade, fork and hoe we sell is forged by hand in our workshop and tested in our own gardens before it is shipped. We use carbon steel for the blades and ash from local woods for the handles, and we will sharpen or repair any tool we made, for as long as you own it. Orders placed before noon leave the same day.';
const PROSE_DE =
  'Gartenwerkzeug für ein ganzes Leben. Jeder Spaten, jede Gabel und jede Hacke wird in unserer Werkstatt von Hand geschmiedet und in unseren eigenen Gärten geprüft, bevor sie verschickt wird. Für die Klingen verwenden wir Kohlenstoffstahl, für die Stiele Eschenholz aus der Region, und wir schärfen oder reparieren jedes Werkzeug, solange Sie es besitzen.';

function cleanPage(url: string, title: string, description: string, over: Partial<PageEvidence> = {}): PageEvidence {
  const origin = 'https://www.example.com';
  return makePage({
    url,
    title,
    headers: { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'max-image-preview:large' },
    dom: makeDom({
      lang: 'en-GB',
      meta: [
        { name: 'description', property: null, http_equiv: null, content: description },
        { name: 'robots', property: null, http_equiv: null, content: 'index, follow, max-snippet:-1' },
        { name: null, property: 'og:title', http_equiv: null, content: title },
        { name: null, property: 'og:type', http_equiv: null, content: 'website' },
        { name: null, property: 'og:image', http_equiv: null, content: `${origin}/og.png` },
        { name: null, property: 'og:url', http_equiv: null, content: url },
        { name: 'twitter:card', property: null, http_equiv: null, content: 'summary_large_image' },
      ],
      canonical: [url],
      // The home page and its German version annotate each other; the about page has no translation.
      hreflang:
        url === ABOUT
          ? []
          : [
              { lang: 'en-GB', href: HOME },
              { lang: 'de', href: DE },
              { lang: 'x-default', href: HOME },
            ],
      headings: [
        { level: 1, text: title },
        { level: 2, text: 'What we do' },
      ],
      json_ld: [JSON.stringify({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Example', url: origin })],
      scripts: [{ src: `${origin}/app.js`, async: false, defer: true, type: null, in_head: true }],
      stylesheets: [{ href: `${origin}/site.css`, media: null, in_head: true }],
      images: [],
      forms: [{ action: `${origin}/search`, method: 'get', selector: 'form', has_password: false }],
      links: [
        { href: ABOUT, text: 'About', rel: null, region: 'nav', nofollow: false },
        { href: 'mailto:hello@example-garden-tools.eu?subject=Order', text: 'hello@example-garden-tools.eu', rel: null, region: 'footer', nofollow: false },
        { href: 'tel:+441179460000', text: '0117 946 0000', rel: null, region: 'footer', nofollow: false },
      ],
      prose: url === DE ? PROSE_DE : PROSE_EN,
    }),
    requests: [
      makeRequest({ url, resource_type: 'document', is_navigation: true }),
      makeRequest({ url: `${origin}/app.js` }),
      makeRequest({ url: `${origin}/site.css`, resource_type: 'stylesheet', status: 304 }),
      makeRequest({ url: `${origin}/logo.svg`, resource_type: 'image' }),
      makeRequest({ url: 'https://fonts.gstatic.com/s/inter.woff2', resource_type: 'font' }),
      makeRequest({ url: 'https://www.googletagmanager.com/gtag/js?id=G-1', resource_type: 'script' }),
      makeRequest({ url: `${origin}/favicon.ico`, resource_type: 'other', status: 404 }),
      makeRequest({ url: 'https://www.google-analytics.com/g/collect?v=2', resource_type: 'ping', status: 204, beacon_stubbed: true }),
      makeRequest({ url: 'https://region1.google-analytics.com/g/collect', resource_type: 'fetch', status: null, failure: 'net::ERR_FAILED', beacon_stubbed: true }),
      makeRequest({ url: 'http://10.0.0.7/internal.js', resource_type: 'script', status: 403, blocked: true }),
      makeRequest({ url: `${origin}/api/track`, resource_type: 'ping', status: null, failure: 'net::ERR_ABORTED' }),
      makeRequest({ url: `${origin}/hero.jpg`, resource_type: 'image', status: null, failure: 'net::ERR_ABORTED' }),
      makeRequest({ url: `${origin}/api/me`, resource_type: 'fetch', status: 401 }),
    ],
    console: [
      { type: 'error', text: 'Failed to load resource: the server responded with a status of 404 (Not Found)', url: `${origin}/favicon.ico`, line: null },
      { type: 'error', text: 'Failed to load resource: the server responded with a status of 401 ()', url: `${origin}/api/me`, line: null },
      {
        type: 'error',
        text: "Access to fetch at 'https://region1.google-analytics.com/g/collect' from origin 'https://www.example.com' has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.",
        url: url,
        line: 1,
      },
      { type: 'error', text: "Error with Permissions-Policy header: Unrecognized feature: 'interest-cohort'.", url: null, line: null },
      { type: 'warning', text: 'Consent banner: waiting for user choice', url: `${origin}/app.js`, line: 12 },
      { type: 'log', text: 'app ready', url: `${origin}/app.js`, line: 40 },
    ],
    dialogs: [{ type: 'beforeunload', message: '' }],
    ...over,
  });
}

export function realisticPages(): PageEvidence[] {
  return [
    cleanPage(HOME, 'Example – Garden tools made to last', 'Hand-forged garden tools, shipped across Europe.', {
      url: 'https://example.com/',
      final_url: HOME,
      redirect_chain: [{ url: 'https://example.com/', status: 301, location: HOME }],
    }),
    cleanPage(ABOUT, 'About us | Example', 'Who forges our tools and why.', { depth: 1, found_on: HOME, region: 'nav' }),
    cleanPage(DE, 'Example – Gartenwerkzeug', 'Handgeschmiedete Gartenwerkzeuge.', { depth: 1, found_on: HOME, region: 'nav' }),
  ].map((p) => (p.url === DE ? { ...p, dom: { ...p.dom!, lang: 'de' } } : p));
}

export function realisticSite(over: Partial<EvidenceBundle> = {}): EvidenceBundle {
  return makeBundle({
    pages: realisticPages(),
    site: {
      origin: 'https://www.example.com',
      robots: {
        url: 'https://www.example.com/robots.txt', status: 200, content_type: 'text/plain', truncated: false, error: null, source: 'default',
        body: 'User-agent: *\nDisallow: /cart\nDisallow: /search\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: https://www.example.com/sitemap.xml\n',
      },
      sitemaps: [
        {
          url: 'https://www.example.com/sitemap.xml', status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'robots',
          body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>${HOME}</loc><lastmod>2025-11-02</lastmod></url>\n<url><loc>${ABOUT}</loc></url>\n</urlset>\n`,
        },
      ],
      sitemap_url_checks: [
        { url: HOME, status: 200, method: 'HEAD', error: null, final_url: HOME, found_on: [] },
        { url: ABOUT, status: 200, method: 'HEAD', error: null, final_url: ABOUT, found_on: [] },
      ],
      link_checks: [
        { url: 'https://www.example.com/contact', status: 200, method: 'HEAD', error: null, final_url: 'https://www.example.com/contact', found_on: [HOME] },
        { url: 'https://www.example.com/shop', status: 200, method: 'GET', error: null, final_url: 'https://www.example.com/shop/', found_on: [HOME, ABOUT] },
      ],
      missing_page_probe: {
        url: 'https://www.example.com/siteqa-missing-page-3f9a1c2b7d4e', status: 404, final_url: 'https://www.example.com/siteqa-missing-page-3f9a1c2b7d4e',
        redirects: 0, content_type: 'text/html; charset=utf-8', title: 'Page not found – Example', error: null,
      },
    },
    blocked: [{ url: 'http://10.0.0.7/internal.js', reason: '10.0.0.7 is a private address', page: HOME }],
    ...over,
  });
}
