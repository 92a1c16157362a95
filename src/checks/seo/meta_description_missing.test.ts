import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './meta_description_missing.js';

const desc = (content: string | null, name = 'description') => makeDom({ meta: [{ name, property: null, http_equiv: null, content }] });

describe('seo.meta_description_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a description whose name is upper-case', makeBundle({ pages: [makePage({ dom: desc('Tools.', 'Description') })] })],
    ['a noindex page without description', makeBundle({ pages: [makePage({ headers: { 'content-type': 'text/html', 'x-robots-tag': 'noindex' } })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('lists pages without, or with an empty, description in one warning', () => {
    const pages = [makePage({ dom: makeDom() }), makePage({ url: 'https://example.com/b', depth: 1, dom: desc('  ') }), makePage({ url: 'https://example.com/c', depth: 1, dom: desc('C.') })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({ pages_total: 2, pages: [{ url: 'https://example.com/', description: null }, { url: 'https://example.com/b', description: '  ' }] });
  });

  it('reports a template variable nobody filled in (a plugin\'s %%excerpt%%), as the search result would show it', () => {
    const described = (url: string, content: string) => makePage({ url, depth: 1, dom: makeDom({ meta: [{ name: 'description', property: null, http_equiv: null, content }] }) });
    const findings = findingsOf(check, makeBundle({ pages: [described('https://example.com/a', '%%excerpt%% %%sep%% %%sitename%%'), described('https://example.com/b', 'How vector<int> grows')] }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([['warning', '1 page whose meta description shows a template variable as text (%%excerpt%%)']]);
  });
});
