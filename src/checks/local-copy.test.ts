// A local copy of a site (served on this machine, its pages naming their production address) is
// judged by its pages, not by its local server's headers: checks about how the server answers
// (`aboutServer`) are filed as info there, saying so; on production, or on a local site that names no
// production address, they keep their weight.
import { describe, expect, it } from 'vitest';
import { localCopyOf } from '../evidence/copy-host.js';
import type { EvidenceBundle, PageEvidence } from '../evidence/types.js';
import { checks } from './registry.js';
import { runChecks } from './runner.js';
import { makeBundle, makeDom, makePage, makeRequest } from './test-support.js';

/** A two-page site served at `origin`, declaring `declared` as its address, with no security headers and an uncached script. */
function site(origin: string, declared: string): EvidenceBundle {
  const page = (path: string): PageEvidence => makePage({
    url: `${origin}${path}`,
    headers: { 'content-type': 'text/html; charset=utf-8', server: 'SimpleHTTP/0.6 Python/3.11.2' },
    dom: makeDom({ canonical: [`${declared}${path}`], meta: [{ name: null, property: 'og:url', http_equiv: null, content: `${declared}${path}` }] }),
    requests: [
      makeRequest({ url: `${origin}${path}`, resource_type: 'document', is_navigation: true }),
      makeRequest({ url: `${origin}/app.js`, resource_type: 'script', response_headers: { 'content-type': 'text/javascript' }, body_bytes: 40_000, transfer_bytes: 40_000 }),
    ],
  });
  return makeBundle({ run: { ...makeBundle().run, url: `${origin}/` }, pages: [page('/'), page('/guide/')] });
}

const byCheck = (b: EvidenceBundle) => new Map(runChecks(b, checks).findings.map((f) => [f.check_id, f]));

describe('a local copy of a site', () => {
  it('is recognised by its pages naming one production address while served on this machine', () => {
    expect(localCopyOf(site('http://127.0.0.1:4870', 'https://immerjs.github.io'))).toBe('immerjs.github.io');
    expect(localCopyOf(site('https://www.acme.com', 'https://www.acme.com'))).toBeNull();
    expect(localCopyOf(site('http://127.0.0.1:4870', 'http://127.0.0.1:4870'))).toBeNull();
    expect(localCopyOf(site('http://localhost:3000', 'https://your-docusaurus-test-site.com'))).toBeNull();
    expect(localCopyOf(site('http://localhost:3000', 'http://localhost:1313'))).toBeNull();
  });

  it('is recognised by its own sitemap listing its pages on one production host when the pages name no address (VitePress without canonicals)', () => {
    const origin = 'http://127.0.0.1:47311';
    const page = (path: string) => makePage({ url: `${origin}${path}`, dom: makeDom() });
    const sitemap = (entries: string[], at = `${origin}/sitemap.xml`) => ({ url: at, status: 200, content_type: 'application/xml', truncated: false, error: null, source: 'default' as const, body: `<urlset>${entries.map((u) => `<url><loc>${u}</loc></url>`).join('')}</urlset>` });
    const bundle = (...sitemaps: ReturnType<typeof sitemap>[]) => makeBundle({ run: { ...makeBundle().run, url: `${origin}/` }, pages: [page('/'), page('/reference/array/arrCompact'), page('/ko/')], site: { ...makeBundle().site, origin, sitemaps } });
    expect(localCopyOf(bundle(sitemap(['https://qsu.cdget.com/', 'https://qsu.cdget.com/reference/array/arrCompact', 'https://qsu.cdget.com/installation'])))).toBe('qsu.cdget.com');
    // Too few of the pages listed, several hosts, the copy's own host, a placeholder, or another host's sitemap: not recognised.
    expect(localCopyOf(bundle(sitemap(['https://qsu.cdget.com/', 'https://qsu.cdget.com/other'])))).toBeNull();
    expect(localCopyOf(bundle(sitemap(['https://qsu.cdget.com/', 'https://www.other.org/reference/array/arrCompact', 'https://qsu.cdget.com/ko/'])))).toBeNull();
    expect(localCopyOf(bundle(sitemap([`${origin}/`, 'https://qsu.cdget.com/reference/array/arrCompact', 'https://qsu.cdget.com/ko/'])))).toBeNull();
    expect(localCopyOf(bundle(sitemap(['https://example.com/', 'https://example.com/reference/array/arrCompact'])))).toBeNull();
    expect(localCopyOf(bundle(sitemap(['https://qsu.cdget.com/', 'https://qsu.cdget.com/ko/'], 'https://qsu.cdget.com/sitemap.xml')))).toBeNull();
  });

  it("files what the local server's headers lack as info, naming production, and keeps the pages' own findings", () => {
    const copy = byCheck(site('http://127.0.0.1:4870', 'https://www.acme.com'));
    const live = byCheck(site('https://www.acme.com', 'https://www.acme.com'));
    for (const id of ['security.missing_csp', 'security.missing_frame_protection']) {
      expect(live.get(id)?.severity, id).not.toBe('info');
      expect(copy.get(id), id).toMatchObject({ severity: 'info', evidence: { local_copy_of: 'www.acme.com', severity_on_production: live.get(id)!.severity } });
      expect(copy.get(id)!.title, id).toMatch(/\(as served by this local copy of www\.acme\.com\)$/);
    }
    // Findings about the server that are info anyway say so too.
    expect(copy.get('security.missing_nosniff')).toMatchObject({ severity: 'info', evidence: { local_copy_of: 'www.acme.com', severity_on_production: 'info' } });
    expect(copy.get('security.missing_nosniff')!.title).toMatch(/\(as served by this local copy of www\.acme\.com\)$/);
    // A local site naming no production address is judged as served.
    const local = byCheck(site('http://127.0.0.1:4870', 'http://127.0.0.1:4870'));
    expect(local.get('security.missing_csp')?.severity).toBe(live.get('security.missing_csp')!.severity);
  });

  it("sets aside only the local server's uncompressed answers: production's API still counts", () => {
    const big = (url: string) => makeRequest({ url, resource_type: 'fetch', response_headers: { 'content-type': 'application/json' }, body_bytes: 900_000, transfer_bytes: 900_000 });
    const withResponses = (b: EvidenceBundle, ...urls: string[]) => ({ ...b, pages: b.pages.map((p) => ({ ...p, requests: [...p.requests, ...urls.map(big)] })) });
    const local = byCheck(withResponses(site('http://127.0.0.1:4870', 'https://www.acme.com'), 'http://127.0.0.1:4870/search-index.json')).get('perf.uncompressed_text');
    expect(local).toMatchObject({ severity: 'info', evidence: { local_copy_of: 'www.acme.com' } });
    expect(local!.title).toMatch(/as served by this local copy of www\.acme\.com/);
    const api = byCheck(withResponses(site('http://127.0.0.1:4870', 'https://www.acme.com'), 'https://api.acme.com/v1/catalog.json')).get('perf.uncompressed_text');
    expect(api).toMatchObject({ severity: 'warning', evidence: { local_copy_of: 'www.acme.com', served_by_local_copy: 1 } });
  });
});

describe("a local copy's files at its production address", () => {
  it('are first party: an error thrown in the theme script there is the site\'s own', () => {
    const origin = 'http://127.0.0.1:4870';
    const bundle = site(origin, 'https://www.castle-joinery.co.uk');
    const theme = 'https://www.castle-joinery.co.uk/wp-content/plugins/comments/webhook.js';
    for (const page of bundle.pages) {
      page.requests.push(makeRequest({ url: theme, resource_type: 'script', served_from_copy: `${origin}/wp-content/plugins/comments/webhook.js` }));
      page.page_errors = [{ message: "Cannot read properties of null (reading 'getAttribute')", stack: `TypeError: Cannot read properties of null (reading 'getAttribute')\n    at ${theme}:3:41` }];
    }
    expect(byCheck(bundle).get('errors.uncaught_exception')).toMatchObject({ severity: 'warning', evidence: { party: 'first-party', source: theme } });
  });
});
