import { describe, expect, it } from 'vitest';
import { makeRequest } from '../checks/test-support.js';
import type { RequestRecord } from '../evidence/types.js';
import { refusedRequestsNote, requestSources, type RequestSource } from './refused-note.js';

const GA4_HIT = 'https://region1.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=page_view&dl=https%3A%2F%2Fexample.com%2F';
const ALLOWLIST_REASON = (host: string) => `${host} is not in QA_URL_ALLOWLIST, and this installation reaches only the hosts listed there (QA_URL_ALLOWLIST_ONLY)`;
const refused = (url: string, reason: 'guard' | 'guard_private' | 'dns' = 'guard', resource_type = 'script', over: Partial<RequestRecord> = {}) =>
  makeRequest({ url, resource_type, status: null, blocked: true, failure: 'net::ERR_TUNNEL_CONNECTION_FAILED', failure_reason: reason, ...over });

const on = (url: string, ...requests: RequestRecord[]): RequestSource => ({ url, requests });
const onPublic = (url: string, ...requests: RequestRecord[]): RequestSource => ({ url, requests, public: true });

const NOT_LOADED = "They were not loaded, so the layout, contrast and timing measured may differ from a visitor's, and no check counts them against the site.";
const ALLOWLIST_ONLY = 'this installation reaches only the hosts in QA_URL_ALLOWLIST (QA_URL_ALLOWLIST_ONLY)';

describe('refusedRequestsNote', () => {
  it.each<[string, RequestSource[]]>([
    ['no request refused', [on('https://example.com/', makeRequest({ url: GA4_HIT, beacon_stubbed: true, status: 204 }), makeRequest())]],
    // A host that does not resolve is the site's own fact (http.unreachable_host, the tracking checks), not the guard's policy.
    ['a tag host that does not resolve', [on('https://example.com/', refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'dns'))]],
    ['a stylesheet host that does not resolve', [on('https://example.com/', refused('https://cdn.example.invalid/a.css', 'dns', 'stylesheet'))]],
    // The page itself: a refused start page is the run's error, not a note.
    ['a refused navigation', [on('https://example.com/', refused('https://example.com/', 'guard', 'document', { is_navigation: true }))]],
    ['a failure that is not a refusal', [on('https://example.com/', makeRequest({ url: 'https://cdn.example.net/a.css', resource_type: 'stylesheet', status: null, failure: 'net::ERR_CONNECTION_RESET', failure_reason: 'reset' }))]],
  ])('says nothing for %s', (_name, sources) => {
    expect(refusedRequestsNote(sources, true)).toBeNull();
  });

  it('says that refused hits count as firing but were not verified, and that refused tag scripts are not judged', () => {
    expect(refusedRequestsNote([on('https://example.com/', refused(GA4_HIT))], true)).toBe(
      `Analytics hits (Google Analytics 4) on 1 page were refused by the audit's URL guard, because ${ALLOWLIST_ONLY}: the tags count as firing, but that their hits are delivered was not verified.`,
    );
    // A consent load of a crawled page is the same page.
    const note = refusedRequestsNote([
      on('https://example.com/', refused(GA4_HIT, 'guard_private'), refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'guard_private')),
      on('https://example.com/b', refused(GA4_HIT, 'guard_private')),
      on('https://example.com/', refused(GA4_HIT, 'guard_private')),
    ], false);
    expect(note).toBe(
      "Analytics hits (Google Analytics 4) on 2 pages were refused by the audit's URL guard, because their hosts are on private addresses: the tags count as firing, but that their hits are delivered was not verified; " +
        'tag scripts (Google Analytics 4) on 1 page were refused too: whether those tags run was not verified, and no check counts it against the site.',
    );
  });

  it('groups every other refused subresource by kind, with a few hosts and the number of pages, in one note', () => {
    const pages = [
      on('https://docs.example.com/',
        refused('https://fonts.googleapis.com/css2?family=Inter', 'guard', 'stylesheet', { guard_reason: ALLOWLIST_REASON('fonts.googleapis.com:443') }),
        refused('https://fonts.gstatic.com/s/inter/v1/a.woff2', 'guard', 'font'),
        refused('https://img1.example.net/a.png', 'guard', 'image'),
        refused('https://img2.example.net/b.png', 'guard', 'image'),
        refused('https://img3.example.net/c.png', 'guard', 'image'),
        refused('https://img4.example.net/d.png', 'guard', 'image'),
        refused('https://www.youtube.com/embed/x', 'guard', 'document'),
        refused('https://cdn.jsdelivr.net/npm/x.js', 'guard', 'script'),
        refused('https://api.example.net/v1/q', 'guard', 'fetch'),
        // the same file twice on one page counts once, also when a script reads it again (axe reads stylesheets with XHR)
        refused('https://fonts.gstatic.com/s/inter/v1/a.woff2', 'guard', 'font'),
        refused('https://fonts.googleapis.com/css2?family=Inter', 'guard', 'xhr')),
      on('https://docs.example.com/b', refused('https://fonts.googleapis.com/css2?family=Inter', 'guard', 'stylesheet'), refused('http://img1.example.net:8080/a.png', 'guard', 'image')),
    ];
    expect(refusedRequestsNote(pages, true)).toBe(
      `Requests of the pages were refused by the audit's URL guard, because ${ALLOWLIST_ONLY}: ` +
        'stylesheets from fonts.googleapis.com on 2 pages; scripts from cdn.jsdelivr.net on 1 page; fonts from fonts.gstatic.com on 1 page; ' +
        'images from img1.example.net, img1.example.net:8080, img2.example.net, … on 2 pages; frames from www.youtube.com on 1 page; other requests from api.example.net on 1 page. ' +
        NOT_LOADED,
    );
  });

  it('names the hosts refused most often first: the showcase CDN behind 47 images, not three avatars that sort before it', () => {
    const images = [
      ...['avatars0', 'avatars1', 'avatars2'].map((h) => refused(`https://${h}.githubusercontent.com/u/1`, 'guard', 'image')),
      ...Array.from({ length: 47 }, (_, i) => refused(`https://res.cloudinary.com/site/image/upload/${i}.png`, 'guard', 'image')),
    ];
    expect(refusedRequestsNote([on('https://example.com/showcase/', ...images)], true)).toContain(
      'images from res.cloudinary.com, avatars0.githubusercontent.com, avatars1.githubusercontent.com, … on 1 page',
    );
  });

  it('keeps the analytics sentences first and adds the other refused requests to the same note', () => {
    const note = refusedRequestsNote([on('https://example.com/', refused(GA4_HIT), refused('https://fonts.gstatic.com/a.woff2', 'guard', 'font'))], true);
    expect(note).toBe(
      `Analytics hits (Google Analytics 4) on 1 page were refused by the audit's URL guard, because ${ALLOWLIST_ONLY}: the tags count as firing, but that their hits are delivered was not verified. ` +
        `Other requests of the pages were refused too, because ${ALLOWLIST_ONLY}: fonts from fonts.gstatic.com on 1 page. ${NOT_LOADED}`,
    );
  });

  it('names the policy from the guard reason: private addresses, and the guard\'s own list', () => {
    expect(refusedRequestsNote([on('http://10.0.0.2/', refused('http://10.0.0.9/logo.png', 'guard_private', 'image'))], false)).toBe(
      `Requests of the pages were refused by the audit's URL guard, because their hosts are on private addresses: images from 10.0.0.9 on 1 page. ${NOT_LOADED}`,
    );
    // A DNS sinkhole answers 0.0.0.0: the audit machine's resolver, not a private address of the site.
    const sinkholed = refused('https://ads.example.net/pixel.gif', 'guard', 'image', { guard_reason: 'ads.example.net resolves to 0.0.0.0, the unspecified address' });
    expect(refusedRequestsNote([on('https://example.com/', sinkholed)], false)).toBe(
      "Requests of the pages were refused by the audit's URL guard, because their hosts are on the guard's own list (browser background traffic, the run's blocked hosts, an unusable address): " +
        `images from ads.example.net on 1 page. ${NOT_LOADED}`,
    );
  });

  it('only names private-address requests of public pages: security.private_address_request reports them', () => {
    const leftover = refused('http://localhost:3000/app.css', 'guard_private', 'stylesheet');
    expect(refusedRequestsNote([onPublic('https://example.com/', leftover), onPublic('https://example.com/b', leftover)], false)).toBe(
      'Requests from 2 pages served from public addresses to private addresses were refused too: the finding security.private_address_request reports them.',
    );
    // The same request on a page that is itself on a private address is no finding: the note counts it.
    expect(refusedRequestsNote([on('http://intranet.local/', leftover)], false)).toBe(
      `Requests of the pages were refused by the audit's URL guard, because their hosts are on private addresses: stylesheets from localhost:3000 on 1 page. ${NOT_LOADED}`,
    );
  });
});

describe('requestSources', () => {
  it('counts a consent load of the start page as the page its address became, not a page of its own', () => {
    const ua = refused('https://www.google-analytics.com/analytics.js');
    const pages = [
      { url: 'http://127.0.0.1:4320/', final_url: 'http://127.0.0.1:4320/rubocop/1.72/index.html', requests: [ua] },
      { url: 'http://127.0.0.1:4320/rubocop/1.72/usage.html', final_url: 'http://127.0.0.1:4320/rubocop/1.72/usage.html', requests: [ua] },
    ];
    const sources = requestSources(pages, [{ url: 'http://127.0.0.1:4320/', requests: [ua] }]);
    expect(sources.map((s) => s.url)).toEqual(['http://127.0.0.1:4320/rubocop/1.72/index.html', 'http://127.0.0.1:4320/rubocop/1.72/usage.html', 'http://127.0.0.1:4320/rubocop/1.72/index.html']);
    expect(refusedRequestsNote(sources, true)).toMatch(/^Tag scripts \(Universal Analytics\) on 2 pages were refused/);
  });
});
