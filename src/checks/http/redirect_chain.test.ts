import { describe, expect, it } from 'vitest';
import { realisticSite } from './support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './redirect_chain.js';

const twoHops = (url: string, final: string) =>
  makePage({
    url,
    final_url: final,
    redirect_chain: [
      { url, status: 301, location: url.replace('http:', 'https:') },
      { url: url.replace('http:', 'https:'), status: 301, location: final },
    ],
  });

describe('http.redirect_chain', () => {
  const valid = [
    ['a realistic healthy site (one hop to www)', realisticSite()],
    ['no redirect', makeBundle({ pages: [makePage()] })],
    [
      'a chain that revisits a URL (http.redirect_loop reports it)',
      makeBundle({
        pages: [
          makePage({
            redirect_chain: [
              { url: 'https://example.com/', status: 302, location: '/c' },
              { url: 'https://example.com/c', status: 302, location: '/' },
            ],
          }),
        ],
      }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a two-hop chain with every hop and the threshold', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [twoHops('http://example.com/', 'https://www.example.com/')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'http://example.com/ redirects 2 times before it answers' });
    expect(f!.evidence).toMatchObject({
      max_hops: 1,
      longest_chain: 2,
      chains: [{ url: 'http://example.com/', hops: 2, chain: ['301 http://example.com/', '301 https://example.com/', '200 https://www.example.com/'] }],
    });
  });

  it('aggregates chains on several pages into one finding', () => {
    const pages = [twoHops('http://example.com/', 'https://www.example.com/'), { ...twoHops('http://example.com/a', 'https://www.example.com/a'), depth: 1 }];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings).toHaveLength(1);
    expect(findings[0]!.evidence).toMatchObject({ chains_total: 2 });
    expect(findings[0]!.evidence!.page).toBeNull();
  });
});
