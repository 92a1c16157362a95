import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './robots_disallow_all.js';

const withBody = (body: string, status = 200) =>
  makeBundle({
    site: {
      ...makeBundle().site,
      robots: { url: 'https://example.com/robots.txt', status, content_type: 'text/plain', body, truncated: false, error: null, source: 'default' },
    },
  });

describe('seo.robots_disallow_all', () => {
  const valid = [
    ['a realistic healthy site (blocks /cart and an AI crawler only)', realisticSite()],
    ['an empty Disallow', withBody('User-agent: *\nDisallow:\n')],
    ['a blocked sub-folder', withBody('User-agent: *\nDisallow: /admin/\n')],
    ['a missing robots.txt (404 means allow all)', withBody('User-agent: *\nDisallow: /', 404)],
    ['a blanket rule for one other crawler', withBody('User-agent: Bingbot\nDisallow: /\n')],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags Disallow: / for every crawler as critical, naming the rule', () => {
    const [f, ...rest] = findingsOf(check, withBody('# staging\nUser-agent: *\nDisallow: /\n'));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ user_agent: 'Googlebot', rule_line: 3, rule: 'Disallow: /', blocked_url: 'https://example.com/' });
  });

  it('flags a group that closes the site to Googlebot alone as critical', () => {
    const [f] = findingsOf(check, withBody('User-agent: *\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /\n'));
    expect(f).toMatchObject({ severity: 'critical' });
    expect(f!.evidence).toMatchObject({ rule_line: 5 });
  });

  it('flags a home-page-only opening (Allow: /$ then Disallow: /) once inner pages are all closed', () => {
    const bundle = withBody('User-agent: *\nDisallow: /\nAllow: /$\n');
    expect(findingsOf(check, bundle)).toEqual([]); // only the home page was crawled: nothing to say yet
    bundle.pages.push(makePage({ url: 'https://example.com/pricing', depth: 1 }), makePage({ url: 'https://example.com/blog', depth: 1 }));
    const [f] = findingsOf(check, bundle);
    expect(f).toMatchObject({ severity: 'critical', title: 'robots.txt forbids Googlebot to crawl all 2 crawled inner pages' });
    expect(f!.evidence).toMatchObject({ blocked_url: 'https://example.com/pricing', rule: 'Disallow: /' });
  });

  it('does not read a closed folder as a block, even when every crawled inner page is in it', () => {
    const bundle = withBody('User-agent: *\nDisallow: /private/\n');
    bundle.pages.push(makePage({ url: 'https://example.com/private/a', depth: 1 }));
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('warns when every crawler but Googlebot is shut out', () => {
    const [f] = findingsOf(check, withBody('User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /\n'));
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ user_agent: '*', rule: 'Disallow: /' });
  });
});
