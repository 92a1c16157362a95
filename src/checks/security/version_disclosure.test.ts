import { describe, expect, it } from 'vitest';
import { findingsOf } from '../test-support.js';
import { check, hasVersion } from './version_disclosure.js';
import { doc, hardened, site } from './support/test-pages.js';

describe('security.version_disclosure', () => {
  it('tells versions from bare product names', () => {
    expect(['Apache/2.4.41 (Ubuntu)', 'nginx/1.18.0', 'PHP/8.1.2', 'Microsoft-IIS/10.0', 'Apache/2'].every(hasVersion)).toBe(true);
    expect(['nginx', 'cloudflare', 'Apache', 'ASP.NET', 'Next.js', 'Express', 'AmazonS3', 'gws'].some(hasVersion)).toBe(false);
  });

  it.each([
    ['bare server names', { server: 'nginx', 'x-powered-by': 'Next.js' }],
    ['a CDN', { server: 'cloudflare' }],
  ])('passes: %s', (_name, headers) => {
    expect(findingsOf(check, site(doc('/', headers)))).toEqual([]);
  });

  it('lists each disclosing header once with the pages it was seen on, as info', () => {
    const headers = { server: 'Apache/2.4.41 (Ubuntu)', 'x-powered-by': 'PHP/7.4.3', 'x-aspnet-version': '4.0.30319' };
    const [f] = findingsOf(check, site(doc('/', headers), doc('/a', headers)));
    expect(f).toMatchObject({ check_id: 'security.version_disclosure', severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages_affected: 2, headers_total: 3 });
    expect(f!.evidence!.headers).toEqual([
      { header: 'server', value: 'Apache/2.4.41 (Ubuntu)', pages: 2, example: 'https://example.com/' },
      { header: 'x-powered-by', value: 'PHP/7.4.3', pages: 2, example: 'https://example.com/' },
      { header: 'x-aspnet-version', value: '4.0.30319', pages: 2, example: 'https://example.com/' },
    ]);
  });

  it('passes a realistic clean site', () => {
    expect(findingsOf(check, site(hardened('/')))).toEqual([]);
  });
});
