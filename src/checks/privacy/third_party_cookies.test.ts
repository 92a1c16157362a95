import { describe, expect, it } from 'vitest';
import { findingsOf, makeBundle } from '../test-support.js';
import { SITE, consent, cookie, load, page } from '../tracking/test-fixtures.js';
import { check } from './third_party_cookies.js';

describe('privacy.third_party_cookies', () => {
  const valid = [
    ['first-party cookies on the site and its subdomains', { pages: [page('/', [], { cookies: [cookie('session', 'example.com'), cookie('_ga', '.example.com'), cookie('pref', 'shop.example.com')] })] }],
    ['CDN security cookies on third-party hosts', { pages: [page('/', [], { cookies: [cookie('__cf_bm', '.hsforms.com'), cookie('_cfuvid', '.vimeo.com')] })] }],
    ['third-party cookies only after the visitor accepted', {
      pages: [page('/', [])], consent: consent(true, [load('none'), load('accept', { cookies: [cookie('IDE', '.doubleclick.net')] })]),
    }],
    ['cookies of the domain the start URL redirected from', {
      run: { id: 'r', url: 'https://example.org/', started_at: 'x', finished_at: 'x', deadline_hit: false },
      pages: [page('/', [], { redirect_chain: [{ url: 'https://example.org/', status: 301, location: `${SITE}/` }], cookies: [cookie('lang', '.example.org')] })],
    }],
  ] as const;
  it.each(valid)('passes: %s', (_name, over) => {
    expect(findingsOf(check, makeBundle({ ...over, pages: [...over.pages] } as never))).toEqual([]);
  });

  it('warns once for third-party cookies set before consent, naming cookies, domains and owners', () => {
    const bundle = makeBundle({
      pages: [
        page('/', [], { cookies: [cookie('_ga'), cookie('IDE', '.doubleclick.net'), cookie('test_cookie', '.doubleclick.net')] }),
        page('/video', [], { cookies: [cookie('IDE', '.doubleclick.net'), cookie('VISITOR_INFO1_LIVE', '.youtube.com'), cookie('YSC', '.youtube.com')] }),
      ],
      consent: consent(true, [load('none'), load('reject', { cookies: [cookie('bcookie', '.linkedin.com')] })]),
    });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', section: 'compliant' });
    expect(f!.evidence).toMatchObject({ domains: ['doubleclick.net', 'linkedin.com', 'youtube.com'], more_cookies: 0 });
    const cookies = f!.evidence!.cookies as { name: string; domain: string; vendor: string | null; entity: string | null }[];
    expect(cookies.map((c) => [c.name, c.vendor])).toEqual([
      ['IDE', 'google_ads'], ['test_cookie', 'google_ads'], ['bcookie', 'linkedin'], ['VISITOR_INFO1_LIVE', null], ['YSC', null],
    ]);
    expect(cookies[0]!.entity).toMatch(/Doubleclick/i);
  });
});
