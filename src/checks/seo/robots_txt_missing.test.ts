import { describe, expect, it } from 'vitest';
import type { FetchedResource } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, outcomeOf } from '../test-support.js';
import { check } from './robots_txt_missing.js';

const robots = (over: Partial<FetchedResource>): FetchedResource => ({
  url: 'https://example.com/robots.txt', status: 200, content_type: 'text/plain', body: 'User-agent: *\nDisallow:\n', truncated: false, error: null, source: 'default', ...over,
});
const withRobots = (r: FetchedResource) => makeBundle({ site: { ...makeBundle().site, robots: r } });

describe('seo.robots_txt_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['an allow-all robots.txt (Lighthouse fixture)', withRobots(robots({}))],
    ['an empty robots.txt', withRobots(robots({ body: '' }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable when robots.txt was not fetched', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  const invalid = [
    ['404: info', robots({ status: 404, body: 'Not found' }), 'info'],
    ['403: info (any 4xx means "no rules")', robots({ status: 403, body: '' }), 'info'],
    ['503: warning (crawlers back off)', robots({ status: 503, body: '' }), 'warning'],
    ['429: warning', robots({ status: 429, body: '' }), 'warning'],
    ['network failure: warning', robots({ status: null, body: null, error: 'connect ECONNREFUSED' }), 'warning'],
    ['an HTML page served at /robots.txt: info', robots({ content_type: 'text/html; charset=utf-8', body: '<!doctype html><html><body>App</body></html>' }), 'info'],
  ] as const;
  it.each(invalid)('flags %s', (_name, r, severity) => {
    const [f, ...rest] = findingsOf(check, withRobots(r));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity });
    expect(f!.evidence).toMatchObject({ url: 'https://example.com/robots.txt', status: r.status });
  });

  it("says a site under a path does not control the host's robots.txt (a GitHub Pages project site)", () => {
    const bundle = makeBundle({ site: { ...makeBundle().site, robots: robots({ url: 'https://org.github.io/robots.txt', status: 404, body: '' }) } });
    const under = { ...bundle, run: { ...bundle.run, url: 'https://org.github.io/bloom-filters/' } };
    const [f] = findingsOf(check, under);
    expect(f).toMatchObject({ severity: 'info', title: "robots.txt is missing (404) at the host's root, which this site under /bloom-filters/ does not control", evidence: { site_under_path: '/bloom-filters/' } });
    const atRoot = { ...bundle, run: { ...bundle.run, url: 'https://org.github.io/' } };
    expect(findingsOf(check, atRoot)[0]).toMatchObject({ title: 'robots.txt is missing (404)' });
    // A company blog under /blog/ controls its own host's root.
    const blog = makeBundle({ site: { ...makeBundle().site, origin: 'https://www.acme.com', robots: robots({ url: 'https://www.acme.com/robots.txt', status: 404, body: '' }) } });
    expect(findingsOf(check, { ...blog, run: { ...blog.run, url: 'https://www.acme.com/blog/' } })[0]).toMatchObject({ title: 'robots.txt is missing (404)' });
  });
});
