import { describe, expect, it } from 'vitest';
import type { ResourceCheck } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, makeRequest, outcomeOf, makeResourceCheck, withResourceChecks } from '../test-support.js';
import { check } from './icon_broken.js';

const res = (over: Partial<ResourceCheck> = {}) => makeResourceCheck({ url: 'https://example.com/favicon-32.png', kind: 'icon', referenced_from: 'head', ...over });
const withChecks = withResourceChecks;

describe('http.icon_broken', () => {
  const valid = [
    ['every declared icon and the manifest answer 200', withChecks([res(), res({ url: 'https://example.com/apple-touch-icon.png', kind: 'apple-touch-icon' }), res({ url: 'https://example.com/site.webmanifest', kind: 'manifest' })])],
    ['no icon declared and /favicon.ico is there', withChecks([res({ url: 'https://example.com/favicon.ico', kind: 'favicon_fallback' })])],
    ['an icon on a CDN answering 403 to the audit (not certainly gone)', withChecks([res({ status: 403, method: 'GET' })])],
    ['an icon the page did request (http.failed_resource judges it)', withChecks([res({ status: 404, method: 'GET' })], [makePage({ requests: [makeRequest({ url: 'https://example.com/favicon-32.png', resource_type: 'other', status: 404 })] })])],
    ['a missing srcset candidate (http.srcset_broken reports it)', withChecks([res({ kind: 'srcset', status: 404, method: 'GET' })])],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable to evidence captured before references were checked', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags a declared favicon that is gone as a warning, a home-screen icon, a manifest and no icon at all as info', () => {
    const findings = findingsOf(check, withChecks([
      res({ status: 404, method: 'GET', found_on: ['https://example.com/', 'https://example.com/about'] }),
      res({ url: 'https://example.com/apple-touch-icon.png', kind: 'apple-touch-icon', status: 404, method: 'GET' }),
      res({ url: 'https://example.com/site.webmanifest', kind: 'manifest', status: 410, method: 'GET' }),
      res({ url: 'https://example.com/favicon.ico', kind: 'favicon_fallback', status: 404, method: 'GET', referenced_from: 'convention' }),
    ]));
    expect(findings.map((f) => [f.title, f.severity])).toEqual([
      ['Site icon /favicon-32.png is missing (404)', 'warning'],
      ['Home-screen icon /apple-touch-icon.png is missing (404)', 'info'],
      ['Web app manifest /site.webmanifest is missing (410)', 'info'],
      ['No site icon: the start page declares none and /favicon.ico is missing (404)', 'info'],
    ]);
    expect(findings[0]!.evidence).toMatchObject({ url: 'https://example.com/favicon-32.png', found_on_total: 2 });
  });

  it('reports one relative link in the shared head, missing under every folder, as one finding', () => {
    const under = (folder: string) => res({ url: `https://example.com/${folder}/favicon.png`, status: 404, method: 'GET', found_on: [`https://example.com/${folder}/a`, `https://example.com/${folder}/b`] });
    const findings = findingsOf(check, withChecks([under('business'), under('personal'), under('integrations'), res({ url: 'https://example.com/favicon.png' })]));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'warning', title: "Site icon favicon.png is missing at 3 addresses: the pages' relative link resolves under each page's folder" });
    expect(findings[0]!.evidence).toMatchObject({ addresses_total: 3, found_on_total: 6 });
  });

  it('keeps icons whose names differ only by a number apart (two findings, two fingerprints)', () => {
    const under = (size: number, folder: string) => res({ url: `https://example.com/${folder}/android-chrome-${size}x${size}.png`, status: 404, method: 'GET', found_on: [`https://example.com/${folder}/a`] });
    const findings = findingsOf(check, withChecks([under(192, 'guide'), under(192, 'api'), under(512, 'guide'), under(512, 'api'), res({ url: 'https://example.com/favicon-16.png', status: 404, method: 'GET' }), res({ url: 'https://example.com/favicon-32.png', status: 404, method: 'GET' })]));
    expect(findings).toHaveLength(4);
    expect(new Set(findings.map((f) => f.fingerprint)).size).toBe(4);
  });

  it('notes a missing icon as info where the same pages declare another icon that answers', () => {
    const on = ['https://example.com/guide/a', 'https://example.com/guide/b'];
    const findings = findingsOf(check, withChecks([
      res({ url: 'https://example.com/guide/android-chrome-192x192.png', status: 404, method: 'GET', found_on: on }),
      res({ url: 'https://example.com/favicon-32x32.png', status: 200, method: 'HEAD', found_on: on }),
    ]));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([['info', 'Site icon /guide/android-chrome-192x192.png is missing (404) (another icon the pages declare answers)']]);
  });

  it('takes a working icon listed on as many pages as a check lists (ten) for the template\'s, on every page', () => {
    const many = Array.from({ length: 10 }, (_, i) => `https://example.com/p${i}`);
    const findings = findingsOf(check, withChecks([
      res({ url: 'https://example.com/guide/android-chrome-192x192.png', status: 404, method: 'GET', found_on: ['https://example.com/guide/x', 'https://example.com/guide/y'] }),
      res({ url: 'https://example.com/favicon-32x32.png', status: 200, method: 'HEAD', found_on: many }),
    ]));
    expect(findings.map((f) => f.severity)).toEqual(['info']);
  });
});
