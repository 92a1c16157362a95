import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './redirect_loop.js';

describe('http.redirect_loop', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    [
      'a two-hop chain that never revisits a URL',
      makeBundle({
        pages: [
          makePage({
            url: 'http://example.com/',
            final_url: 'https://www.example.com/',
            redirect_chain: [
              { url: 'http://example.com/', status: 301, location: 'https://example.com/' },
              { url: 'https://example.com/', status: 301, location: 'https://www.example.com/' },
            ],
          }),
        ],
      }),
    ],
    ['a DNS failure (another check)', makeBundle({ pages: [makePage({ status: null, navigation_error: 'net::ERR_NAME_NOT_RESOLVED' })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags ERR_TOO_MANY_REDIRECTS as critical, with the hops seen', () => {
    const page = makePage({
      url: 'https://example.com/a',
      status: null,
      navigation_error: 'net::ERR_TOO_MANY_REDIRECTS',
      redirect_chain: [
        { url: 'https://example.com/a', status: 302, location: '/b' },
        { url: 'https://example.com/b', status: 302, location: '/a' },
      ],
    });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ error: 'net::ERR_TOO_MANY_REDIRECTS', hops_total: 2 });
    expect((f!.evidence!.hops as string[])[0]).toBe('302 https://example.com/a → /b');
  });

  it('warns about a cookie bounce: the chain revisits a URL, then resolves', () => {
    const page = makePage({
      url: 'https://example.com/',
      redirect_chain: [
        { url: 'https://example.com/', status: 302, location: '/set-cookie' },
        { url: 'https://example.com/set-cookie', status: 302, location: '/' },
      ],
    });
    const [f] = findingsOf(check, makeBundle({ pages: [page] }));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ revisited_url: 'https://example.com/', final_status: 200 });
  });

  it('flags a loop found by the link checker, once per URL', () => {
    const loop = { url: 'https://example.com/old', status: null, method: 'HEAD' as const, error: 'too many redirects (more than 5)', final_url: null, found_on: ['https://example.com/'] };
    const bundle = makeBundle({ site: { ...makeBundle().site, link_checks: [loop, { ...loop }] } });
    const findings = findingsOf(check, bundle);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'critical' });
    expect(findings[0]!.evidence).toMatchObject({ url: 'https://example.com/old', found_on: ['https://example.com/'] });
  });
});
