import { describe, expect, it } from 'vitest';
import type { HeadingFact } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, outcomeOf } from '../test-support.js';
import { check } from './heading_order.js';

const h = (level: number, over: Partial<HeadingFact> = {}): HeadingFact => ({ level, text: `Heading ${level}`, selector: `h${level}`, hidden: false, aria: false, ...over });
const withOutline = (...heading_outline: HeadingFact[]) => makeBundle({ pages: [makePage({ dom: makeDom({ heading_outline }) })] });

describe('a11y.heading_order', () => {
  const valid = [
    ['no headings', withOutline()],
    ['h1 → h2 → h3 → h3 → h2', withOutline(h(1), h(2), h(3), h(3), h(2))],
    ['going back up any number of levels (h4 → h2)', withOutline(h(1), h(2), h(3), h(4), h(2))],
    ['a first heading below h1 (a page that starts at h2)', withOutline(h(2), h(3))],
    ['a skip only through a hidden heading (h2, hidden h3, h3)', withOutline(h(2), h(4, { hidden: true }), h(3))],
    ['role=heading with aria-level filling the gap', withOutline(h(1), h(2, { aria: true }), h(3))],
    ['aria-level 7 after h6 (reads as 6)', withOutline(h(5), h(6), h(7, { aria: true }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable to evidence captured before the heading outline was recorded', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags h2 → h4 once per page, listing every skip', () => {
    const [f, ...rest] = findingsOf(check, withOutline(h(1), h(2), h(4, { text: 'Opening hours' }), h(2), h(5)));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Heading levels skip from h2 to h4 (and 1 more)', evidence: expect.objectContaining({ page: 'https://example.com/' }) });
    expect(f!.evidence).toMatchObject({ skips_total: 2, skips: [{ from: 'h2', to: 'h4', heading: 'Opening hours' }, { from: 'h2', to: 'h5' }] });
  });

  it('counts a visible skip when a hidden heading sits between (h1, hidden h2, h3)', () => {
    expect(findingsOf(check, withOutline(h(1), h(2, { hidden: true }), h(3)))).toHaveLength(1);
  });

  it('ignores pages that failed to load or answered an error', () => {
    const ok = makePage({ dom: makeDom({ heading_outline: [] }) });
    const failed = makePage({ url: 'https://example.com/x', status: null, dom: makeDom({ heading_outline: [h(1), h(4)] }) });
    const notFound = makePage({ url: 'https://example.com/y', status: 404, dom: makeDom({ heading_outline: [h(1), h(4)] }) });
    expect(findingsOf(check, makeBundle({ pages: [ok, failed, notFound] }))).toEqual([]);
  });

  // A blog theme: every page is h1 title, the article's own h2/h3, then the footer's widget titles as h4.
  const footer = [
    h(4, { text: 'Recent posts', selector: 'html > body > footer > section.widget_recent_entries > h4' }),
    h(4, { text: 'Follow us', selector: 'html > body > footer > section.widget_social > h4' }),
  ];
  const post = (path: string, ...article: HeadingFact[]) =>
    makePage({ url: `https://example.com${path}`, dom: makeDom({ heading_outline: [h(1, { text: `Post ${path}` }), ...article, ...footer] }) });

  it('reports a skip the shared layout makes on every page once, listing the pages and where each skipped from', () => {
    const pages = [
      post('/', h(2, { text: 'Latest' })),
      post('/about/'),
      post('/2024/03/spring/', h(2, { text: 'Planting' }), h(3, { text: 'Tomatoes' })),
      post('/2024/04/tools/', h(2, { text: 'Spades' }), h(4, { text: 'Wooden handles', selector: 'html > body > main > article > h4' })),
    ];
    const findings = findingsOf(check, makeBundle({ pages }));
    expect(findings.map((f) => [f.severity, f.title, f.evidence!.page])).toEqual([
      ['info', 'Heading levels skip to h4 at "Recent posts" on 2 pages', null],
      ['info', 'Heading levels skip from h2 to h4', 'https://example.com/2024/04/tools/'],
    ]);
    // The spring post ends its article at h3, so its footer's h4 skips nothing.
    expect(findings[0]!.evidence).toMatchObject({
      heading: 'Recent posts', level: 'h4', selector: 'html > body > footer > section.widget_recent_entries > h4', pages_total: 2,
      pages: [{ url: 'https://example.com/', from: 'h2' }, { url: 'https://example.com/about/', from: 'h1' }],
    });
    // The tools page skips into the article's own h4; its footer follows an h4, which is no skip.
    expect(findings[1]!.evidence).toMatchObject({ skips_total: 1, skips: [{ from: 'h2', to: 'h4', heading: 'Wooden handles' }] });
  });

  it('keeps one fingerprint per skipped-into heading as pages come and go, and names a uniform skip', () => {
    const site = (...paths: string[]) => makeBundle({ pages: paths.map((p) => post(p, h(2, { text: 'Intro' }))) });
    const [a] = findingsOf(check, site('/', '/a'));
    const [b] = findingsOf(check, site('/b', '/c', '/d'));
    expect(a!.title).toBe('Heading levels skip from h2 to h4 at "Recent posts" on 2 pages');
    expect(a!.fingerprint).toBe(b!.fingerprint);
  });

  it("groups skips in several pages' own content into one finding listing each page's skips, with one fingerprint as pages come and go", () => {
    const doc = (path: string, heading: string) => makePage({ url: `https://example.com${path}`, final_url: `https://example.com${path}`,
      dom: makeDom({ heading_outline: [h(1, { text: path }), h(3, { text: heading, selector: 'article > h3' }), h(3, { text: `${heading} 2`, selector: 'article > h3' })] }) });
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [doc('/pitfalls/', 'Performance tips'), doc('/update-patterns/', 'Object mutations'), doc('/faq/', 'Why')] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'Heading levels skip from h1 to h3 on 3 pages', evidence: { page: null, pages_total: 3 } });
    expect(f!.evidence!.pages).toContainEqual({ url: 'https://example.com/pitfalls/', skips_total: 1, skips: [{ from: 'h1', to: 'h3', heading: 'Performance tips', selector: 'article > h3' }] });
    const [g] = findingsOf(check, makeBundle({ pages: [doc('/a/', 'A'), doc('/b/', 'B')] }));
    expect(g!.fingerprint).toBe(f!.fingerprint);
    // Down to one page: still the same finding.
    const [one] = findingsOf(check, makeBundle({ pages: [doc('/a/', 'A')] }));
    expect(one).toMatchObject({ title: 'Heading levels skip from h1 to h3', evidence: { page: 'https://example.com/a/' } });
    expect(one!.fingerprint).toBe(f!.fingerprint);
  });
});
