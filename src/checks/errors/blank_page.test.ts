import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest } from '../test-support.js';
import { check } from './blank_page.js';

const page = (path: string, over: Parameters<typeof makePage>[0] = {}, blank = true) =>
  makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, dom: makeDom(blank ? { rendered_blank: true } : {}), ...over });

describe('errors.blank_page', () => {
  it.each([
    ['a realistic healthy site', realisticSite()],
    ['pages with something on screen', makeBundle({ pages: [page('/', {}, false), page('/a', {}, false)] })],
    ['a blank refresh page that sends visitors on', makeBundle({ pages: [page('/', {}, false), page('/old', { dom: makeDom({ rendered_blank: true, meta: [{ name: null, property: null, http_equiv: 'Refresh', content: '0; url=/new' }] }) })] })],
    ['a blank error page (http.error_status reports it)', makeBundle({ pages: [page('/', {}, false), page('/gone', { status: 404 })] })],
  ])('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is critical for pages that show nothing, listed in one finding', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', {}, false), page('/app'), page('/app/settings')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical', title: '2 pages show nothing once loaded: no text, picture or control on screen', evidence: { pages_total: 2 } });
  });

  it("is info, not verified, where the audit's guard refused a script the page loads", () => {
    const refused = makeRequest({ url: 'https://code.jquery.com/jquery.min.js', resource_type: 'script', status: null, failure: 'net::ERR_BLOCKED_BY_CLIENT', blocked: true });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', { requests: [refused] })], blocked: [{ url: 'https://code.jquery.com:443/', reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/' }] }));
    expect(f).toMatchObject({ severity: 'info', evidence: { verified: false, refused: ['https://code.jquery.com/jquery.min.js'] } });
  });

  it('stays critical where the only things refused were a web font and a measurement tag, which hide nothing', () => {
    const refused = (url: string, resource_type: 'stylesheet' | 'script') => makeRequest({ url, resource_type, status: null, failure: 'net::ERR_BLOCKED_BY_CLIENT', blocked: true });
    const requests = [refused('https://fonts.googleapis.com/css2?family=Inter', 'stylesheet'), refused('https://www.googletagmanager.com/gtag/js?id=G-ABC123', 'script')];
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', { requests })], blocked: [{ url: 'https://fonts.googleapis.com:443/', reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/' }, { url: 'https://www.googletagmanager.com:443/', reason: 'not in QA_URL_ALLOWLIST', page: 'https://example.com/' }] }));
    expect(f).toMatchObject({ severity: 'critical' });
  });
});
