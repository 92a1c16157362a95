import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage, makeRequest } from '../test-support.js';
import { check } from './route_answers_error.js';

/** A route the host answered with `status`, forwarded by its 404 page's script to the app at "/?/route". */
const forwarded = (path: string, status = 404, shownAt: string | null = `https://example.com${path}`) => makePage({
  url: `https://example.com${path}`,
  final_url: `https://example.com/?${path}`,
  ...(shownAt ? { shown_at: shownAt } : {}),
  requests: [
    makeRequest({ url: `https://example.com${path}`, resource_type: 'document', is_navigation: true, status }),
    makeRequest({ url: `https://example.com/?${path}`, resource_type: 'document', is_navigation: true, status: 200 }),
  ],
});

describe('seo.route_answers_error', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a page answering 200 whose app moves the address (a route restored on a page that answered)', makeBundle({ pages: [makePage({ shown_at: 'https://example.com/welcome', requests: [makeRequest({ url: 'https://example.com/', resource_type: 'document', is_navigation: true, status: 200 })] })] })],
    ['an HTTP redirect to a page that answers (not an error answer)', makeBundle({ pages: [makePage({ url: 'https://example.com/old', final_url: 'https://example.com/new', requests: [makeRequest({ url: 'https://example.com/old', resource_type: 'document', is_navigation: true, status: 301 }), makeRequest({ url: 'https://example.com/new', resource_type: 'document', is_navigation: true, status: 200 })] })] })],
    ['a 404 page the crawl recorded as such (http.error_status and links report it)', makeBundle({ pages: [makePage({ url: 'https://example.com/gone', status: 404, requests: [makeRequest({ url: 'https://example.com/gone', resource_type: 'document', is_navigation: true, status: 404 })] })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('warns about routes that answer 404 and that a script shows at their own address again', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [makePage(), forwarded('/example'), forwarded('/about')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 pages answer 404 and are shown only by a script (/about, /example)' });
    expect(f!.evidence).toMatchObject({ pages_total: 2, pages: [expect.objectContaining({ url: 'https://example.com/example', status: 404, forwarded_to: 'https://example.com/?/example', shown_at: 'https://example.com/example' }), expect.anything()] });
  });

  it('notes a missing page whose 404 page sends visitors elsewhere by script, as info', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage(), forwarded('/old-post', 404, 'https://example.com/')] }));
    expect(f).toMatchObject({ severity: 'info', title: '1 missing page sends visitors elsewhere by script (/old-post)' });
  });
});
