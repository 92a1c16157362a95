// No check punishes the site for what the audit's own URL guard refused by policy (QA_URL_ALLOWLIST_ONLY,
// a private address on a page that is itself private): the report's notes say those parts were not
// loaded (src/capture/refused-note.ts). Every registered check runs on a healthy site, then on the same
// site with refused stylesheets, scripts, fonts, images, frames and API calls added in both shapes the
// capture records (the proxy's refusal answer, a refused tunnel) with the browser's console lines and
// the page's references to them: the findings must not change. A public page requesting a private
// address is the one exception, and it is security.private_address_request's alone.
import { describe, expect, it } from 'vitest';
import type { BlockedRequest, EvidenceBundle, PageEvidence, RequestRecord } from '../evidence/types.js';
import { realisticSite } from './http/support/realistic_site.js';
import { checks } from './registry.js';
import { runChecks } from './runner.js';
import { makeRequest } from './test-support.js';

type Reason = 'guard' | 'guard_private';
const ALLOWLIST = (host: string) => `${host} is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)`;
const PRIVATE = (host: string) => `${host} resolves to 10.0.0.9, a private address (RFC 1918)`;

/** One refused request: the proxy's own 403 answer (plain http) or a refused tunnel (https: no answer). */
function refusedRequest(url: string, resource_type: string, reason: Reason): RequestRecord {
  const { host, protocol } = new URL(url);
  const guard_reason = reason === 'guard' ? ALLOWLIST(host) : PRIVATE(host);
  return protocol === 'http:'
    ? makeRequest({ url, resource_type, status: 403, blocked: true, failure: null, failure_reason: reason, guard_reason, response_headers: { 'x-siteqa-blocked': guard_reason }, body_bytes: 60, transfer_bytes: 160 })
    : makeRequest({ url, resource_type, status: null, blocked: true, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: reason, guard_reason, body_bytes: null, transfer_bytes: null, duration_ms: null });
}

const PARTS = (base: string) => ({
  stylesheet: `${base}/site.css`,
  script: `${base}/widget.js`,
  font: `${base}/inter.woff2`,
  image: `${base}/photo.jpg`,
  document: `${base}/embed/player`,
  fetch: `${base}/api/search`,
});

/** The realistic site, its every page asking for each kind of part from `base`, all refused for `reason`. */
function withRefusals(base: string, reason: Reason, hostAddress: PageEvidence['host_address']): EvidenceBundle {
  const site = realisticSite();
  const parts = PARTS(base);
  const blocked: BlockedRequest[] = [...site.blocked];
  site.pages = site.pages.map((page) => {
    const requests = Object.entries(parts).map(([type, url]) => refusedRequest(url, type, reason));
    for (const r of requests) blocked.push({ url: r.url, reason: r.guard_reason!, page: page.final_url });
    const console = [
      ...requests.filter((r) => r.status === null).map((r) => ({ type: 'error', text: `Failed to load resource: ${r.failure}`, url: r.url, line: null })),
      ...requests.filter((r) => r.status === 403).map((r) => ({ type: 'error', text: 'Failed to load resource: the server responded with a status of 403 (Forbidden)', url: r.url, line: null })),
      { type: 'error', text: `Access to fetch at '${parts.fetch}' from origin 'https://www.example.com' has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.`, url: page.final_url, line: 3 },
    ];
    const dom = page.dom!;
    const refused = { ...page, host_address: hostAddress, requests: [...page.requests, ...requests], console: [...page.console, ...console] };
    // An http:// reference in an https page's HTML is mixed content whatever became of the request
    // (http.mixed_content reads the page's references): the site's own defect, so plain-http parts are requests only.
    if (base.startsWith('http:')) return refused;
    return {
      ...refused,
      dom: {
        ...dom,
        stylesheets: [...dom.stylesheets, { href: parts.stylesheet, media: null, in_head: true }],
        scripts: [...dom.scripts, { src: parts.script, async: true, defer: false, type: null, in_head: true }],
        images: [...dom.images, { src: parts.image, selector: 'main > img', alt: 'The harbour at dawn', width_attr: '600', height_attr: '400', display_width: 600, display_height: 400, natural_width: 0, natural_height: 0, loading: null, in_viewport: true }],
        iframes: [...dom.iframes, { src: parts.document }],
      },
    };
  });
  return { ...site, blocked };
}

const summary = (bundle: EvidenceBundle) => runChecks(bundle, checks).findings.map((f) => `${f.check_id} ${f.severity} ${f.title}`).sort();
const baseline = (hostAddress: PageEvidence['host_address']) => summary({ ...realisticSite(), pages: realisticSite().pages.map((p) => ({ ...p, host_address: hostAddress })) });

describe('guard refusals are the installation\'s policy: no check counts them against the site', () => {
  it.each<[string, string, Reason, PageEvidence['host_address']]>([
    ['allowlist-only: third-party hosts over https (refused tunnels)', 'https://cdn.thirdparty.example.net', 'guard', 'public'],
    ['allowlist-only: another host over plain http (the proxy\'s refusal answer)', 'http://assets.thirdparty.example.net:8080', 'guard', 'public'],
    ['allowlist-only: a first-party subdomain', 'https://static.example.com', 'guard', 'public'],
    ['a private page pulling from another private address', 'https://files.intranet.example', 'guard_private', 'private'],
  ])('%s', (_name, base, reason, hostAddress) => {
    expect(summary(withRefusals(base, reason, hostAddress))).toEqual(baseline(hostAddress));
  });

  it('counts nothing the page throws for want of what was refused (a script never run, a fetch that failed): said as info', () => {
    const graded = (b: EvidenceBundle) => summary(b).filter((f) => !f.includes(' info '));
    for (const base of ['https://cdn.thirdparty.example.net', 'http://assets.thirdparty.example.net:8080']) {
      const site = withRefusals(base, 'guard', 'public');
      site.pages = site.pages.map((p) => ({ ...p, page_errors: [
        { message: 'Failed to fetch', stack: `TypeError: Failed to fetch\n    at ${p.final_url.replace(/\/[^/]*$/, '/')}app.js:28:16` },
        { message: 'hljs is not defined', stack: `ReferenceError: hljs is not defined\n    at ${p.final_url}:21:1` },
      ] }));
      expect(graded(site)).toEqual(baseline('public').filter((f) => !f.includes(' info ')));
      expect(summary(site).filter((f) => f.startsWith('errors.uncaught_exception')).length).toBe(2);
    }
  });

  it('leaves a public page pulling from a private address to security.private_address_request alone', () => {
    const added = summary(withRefusals('http://files.intranet.example:8080', 'guard_private', 'public')).filter((f) => !baseline('public').includes(f));
    expect(added.map((f) => f.split(' ')[0])).toEqual(['security.private_address_request']);
  });
});
