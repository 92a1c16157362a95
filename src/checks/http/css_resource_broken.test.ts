import { describe, expect, it } from 'vitest';
import type { ResourceCheck } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, makeRequest, outcomeOf, makeResourceCheck, withResourceChecks } from '../test-support.js';
import { check } from './css_resource_broken.js';

const res = (over: Partial<ResourceCheck> = {}) => makeResourceCheck({ url: 'https://example.com/fonts/brand-bold.woff2', kind: 'css_url', referenced_from: 'https://example.com/css/site.css', ...over });
const withChecks = withResourceChecks;

describe('http.css_resource_broken', () => {
  const valid = [
    ['fonts and wide-screen backgrounds that all exist', withChecks([res(), res({ url: 'https://example.com/img/hero-wide.webp' })])],
    ['a 403 or 429 (not certainly gone)', withChecks([res({ status: 403, method: 'GET' }), res({ url: 'https://example.com/b.png', status: 429, method: 'GET' })])],
    ['a 404 font the page itself requested (http.failed_resource reports it)', withChecks([res({ status: 404, method: 'GET' })], [makePage({ requests: [makeRequest({ url: 'https://example.com/fonts/brand-bold.woff2', resource_type: 'font', status: 404 })] })])],
    ['a missing srcset candidate (http.srcset_broken reports it)', withChecks([res({ kind: 'srcset', status: 404, method: 'GET' })])],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable to evidence captured before references were checked', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags url() and @import targets answering 404/410, naming the stylesheet', () => {
    const findings = findingsOf(check, withChecks([
      res({ status: 404, method: 'GET' }),
      res({ url: 'https://example.com/css/print.css', status: 410, method: 'GET', kind: 'css_import' }),
      res({ url: 'https://example.com/img/icon-hover.svg', status: 404, method: 'GET', referenced_from: 'inline' }),
    ]));
    expect(findings.map((f) => [f.title, f.severity])).toEqual([
      ['Stylesheet /css/site.css refers to missing /fonts/brand-bold.woff2 (404)', 'warning'],
      ['Stylesheet /css/site.css refers to missing /css/print.css (410)', 'warning'],
      ['Stylesheet <style> refers to missing /img/icon-hover.svg (404)', 'warning'],
    ]);
    expect(findings[1]!.evidence).toMatchObject({ kind: 'css_import', referenced_from: 'https://example.com/css/site.css' });
  });

  it('is info when no element of the pages audited uses the rule naming the missing file (a vendor theme\'s slider, an unused icon font)', () => {
    const gone = res({ url: 'https://example.com/assets/revolution/loader.gif', status: 404, method: 'GET', referenced_from: 'https://example.com/css/style.css' });
    const refs = (unused: boolean) => [{ url: gone.url, from: 'https://example.com/css/style.css', kind: 'url' as const, context: '.tp-loader', ...(unused ? { unused: true } : {}) }];
    const page = (url: string, unused: boolean) => makePage({ url, dom: makeDom({ css_refs: refs(unused) }) });
    const [f] = findingsOf(check, withChecks([gone], [page('https://example.com/', true), page('https://example.com/b', true)]));
    expect(f).toMatchObject({ severity: 'info', title: 'Stylesheet /css/style.css refers to missing /assets/revolution/loader.gif (404); no element on the pages audited uses that rule' });
    // Used on one page of the crawl: the warning stands.
    expect(findingsOf(check, withChecks([gone], [page('https://example.com/', true), page('https://example.com/b', false)]))[0]).toMatchObject({ severity: 'warning' });
  });
});
