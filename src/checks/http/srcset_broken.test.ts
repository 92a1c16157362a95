import { describe, expect, it } from 'vitest';
import type { ResourceCheck } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest, outcomeOf, makeResourceCheck, withResourceChecks } from '../test-support.js';
import { check } from './srcset_broken.js';

const res = (over: Partial<ResourceCheck> = {}) => makeResourceCheck({ url: 'https://example.com/img/hero-1600.webp', kind: 'srcset', referenced_from: 'main > img', ...over });
const withChecks = withResourceChecks;

describe('http.srcset_broken', () => {
  const valid = [
    ['every candidate answers 200', withChecks([res(), res({ url: 'https://example.com/img/hero-800.webp' })])],
    ['a candidate redirecting to a 200', withChecks([res({ status: 200, final_url: 'https://cdn.example.com/hero.webp' })])],
    ['a 403 from a CDN that signs URLs (not certainly gone)', withChecks([res({ status: 403, method: 'GET' })])],
    ['a 5xx or a timeout (may work for a visitor)', withChecks([res({ status: 503, method: 'GET' }), res({ url: 'https://example.com/b.webp', status: null, error: 'timed out after 5000 ms' })])],
    ['a 404 candidate the page also requested (http.failed_resource reports it)', withChecks([res({ status: 404, method: 'GET' })], [makePage({ requests: [makeRequest({ url: 'https://example.com/img/hero-1600.webp', resource_type: 'image', status: 404 })] })])],
    ['a missing CSS background (http.css_resource_broken reports it)', withChecks([res({ status: 404, method: 'GET', kind: 'css_url', referenced_from: 'https://example.com/site.css' })])],
    ['a host our guard refused', makeBundle({ site: { ...makeBundle().site, resource_checks: [res({ url: 'http://10.0.0.5/a.png', final_url: 'http://10.0.0.5/a.png', status: 404 })] }, blocked: [{ url: 'http://10.0.0.5/a.png', reason: '10.0.0.5 is a private address', page: 'https://example.com/' }] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable to evidence captured before references were checked', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags a candidate answering 404 or 410 as a warning on the page that refers to it', () => {
    const findings = findingsOf(check, withChecks([res({ status: 404, method: 'GET', found_on: ['https://example.com/', 'https://example.com/about'] }), res({ url: 'https://example.com/img/old@2x.png', status: 410, method: 'GET' })]));
    expect(findings.map((f) => [f.title, f.severity])).toEqual([
      ['Image candidate /img/hero-1600.webp is missing (404)', 'warning'],
      ['Image candidate /img/old@2x.png is missing (410)', 'warning'],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ url: 'https://example.com/img/hero-1600.webp', referenced_from: 'main > img', found_on_total: 2 });
    expect(findings[0]!.evidence!.locator).toBe('http.srcset_broken · / · 2026-01-01T00:00:00.000Z');
  });
});
