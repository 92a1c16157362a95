import { describe, expect, it } from 'vitest';
import type { DuplicateIdFact } from '../../evidence/types.js';
import { findingsOf, makeBundle, makeDom, makePage, outcomeOf } from '../test-support.js';
import { check } from './duplicate_id.js';

const dup = (over: Partial<DuplicateIdFact> = {}): DuplicateIdFact => ({
  id: 'main', count: 2, tags: ['div'], in_svg: false, referenced_by: [], selectors: ['body > div:nth-of-type(1)', 'body > div:nth-of-type(2)'], ...over,
});
const withDups = (...duplicate_ids: DuplicateIdFact[]) => makeBundle({ pages: [makePage({ dom: makeDom({ heading_outline: [], duplicate_ids }) })] });

describe('a11y.duplicate_id', () => {
  const valid = [
    ['unique ids', withDups()],
    ['a repeated inline SVG icon repeating its gradient and clip-path ids', withDups(dup({ id: 'grad-a', tags: ['lineargradient'], in_svg: true, count: 6 }), dup({ id: 'clip0', tags: ['clippath'], in_svg: true, referenced_by: [] }))],
    ['a duplicate a label points at (a11y.duplicate_id_aria reports it)', withDups(dup({ id: 'email', tags: ['input'], referenced_by: ['label for'] }))],
    ['a duplicate aria-describedby names (a11y.duplicate_id_aria reports it)', withDups(dup({ id: 'hint', referenced_by: ['aria-describedby'] }))],
    ['a carousel slide and its hidden clone (slick-cloned, aria-hidden)', withDups(dup({ id: 'slide-offer', hidden_copies: 1 }))],
    ['a looping carousel whose originals and clones are all hidden copies but one', withDups(dup({ id: 'slide-2', count: 3, hidden_copies: 3 }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable to evidence captured before ids were recorded', () => {
    expect(outcomeOf(check, makeBundle())).toBe('not_applicable');
  });

  it('flags a duplicated id as info, with what refers to it', () => {
    const [f, ...rest] = findingsOf(check, withDups(dup({ id: 'pricing', tags: ['section'], referenced_by: ['fragment link'] })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'info', title: 'The id "pricing" is used by 2 elements' });
    expect(f!.evidence).toMatchObject({ id: 'pricing', elements: 2, referenced_by: ['fragment link'], pages_total: 1, pages: [{ url: 'https://example.com/', elements: 2, tags: ['section'] }] });
  });

  it('still flags an id two visible elements share, beside a hidden clone', () => {
    const findings = findingsOf(check, withDups(dup({ id: 'cta', count: 3, hidden_copies: 1 }), dup({ id: 'slide', count: 2, hidden_copies: 1 })));
    expect(findings.map((f) => f.title)).toEqual(['The id "cta" is used by 3 elements']);
  });

  it('ignores pages that answered an error (the http checks judge those)', () => {
    const page = makePage({ status: 500, dom: makeDom({ heading_outline: [], duplicate_ids: [dup()] }) });
    expect(findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ heading_outline: [] }) }), { ...page, url: 'https://example.com/boom', final_url: 'https://example.com/boom' }] }))).toEqual([]);
  });

  it('reports each duplicated id of a page as its own finding, leaving out the SVG ones', () => {
    const findings = findingsOf(check, withDups(dup({ id: 'a' }), dup({ id: 'b', tags: ['div', 'svg'] }), dup({ id: 'c', in_svg: true })));
    expect(findings.map((f) => [f.title, f.evidence!.page])).toEqual([
      ['The id "a" is used by 2 elements', 'https://example.com/'],
      ['The id "b" is used by 2 elements', 'https://example.com/'],
    ]);
  });

  // hugo-book renders its table of contents twice (the mobile header's hidden copy and the desktop aside),
  // so every page of the site carries two <nav id="TableOfContents">; one article also pasted a section twice.
  const toc = dup({
    id: 'TableOfContents', tags: ['nav'],
    selectors: ['html > body > main > div > header > aside > nav', 'html > body > main > aside.book-toc > div > nav'],
  });
  const site = (paths: string[], extra: Record<string, DuplicateIdFact[]> = {}) =>
    makeBundle({ pages: paths.map((path) => makePage({ url: `https://example.com${path}`, dom: makeDom({ heading_outline: [], duplicate_ids: [toc, ...(extra[path] ?? [])] }) })) });
  const paths = Array.from({ length: 23 }, (_, i) => (i === 0 ? '/' : `/docs/page-${i}/`));

  it('reports an id a shared layout doubles on every page once, listing the pages with their own evidence', () => {
    const pasted = dup({ id: 'wiring', tags: ['h2'], count: 3, referenced_by: ['fragment link'], selectors: ['html > body > main > article > h2:nth-of-type(2)', 'html > body > main > article > h2:nth-of-type(4)', 'html > body > main > article > h2:nth-of-type(6)'] });
    const findings = findingsOf(check, site(paths, { '/docs/page-7/': [pasted] }));
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['info', 'The id "TableOfContents" is used by 2 elements on each of 23 pages'],
      ['info', 'The id "wiring" is used by 3 elements'],
    ]);
    const [layout, page] = findings;
    expect(layout!.evidence).toMatchObject({ page: null, id: 'TableOfContents', elements: 46, tags: ['nav'], referenced_by: [], pages_total: 23 });
    const listedPages = layout!.evidence!.pages as { url: string; elements: number; selectors: string[] }[];
    expect(listedPages).toHaveLength(20);
    expect(listedPages[0]).toEqual({ url: 'https://example.com/', elements: 2, tags: ['nav'], referenced_by: [], selectors: toc.selectors });
    expect(page!.evidence).toMatchObject({ page: 'https://example.com/docs/page-7/', id: 'wiring', pages_total: 1, pages: [{ url: 'https://example.com/docs/page-7/', elements: 3, referenced_by: ['fragment link'] }] });
  });

  it('says how many elements when the pages differ, and counts a page reached twice once', () => {
    const bundle = site(['/', '/a'], {});
    bundle.pages[1]!.dom!.duplicate_ids = [{ ...toc, count: 4 }];
    bundle.pages.push({ ...bundle.pages[1]!, url: 'https://example.com/a/index.html' });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ title: 'The id "TableOfContents" is used by 2–4 elements on 2 pages', evidence: expect.objectContaining({ elements: 6, pages_total: 2 }) });
  });

  it('keeps one fingerprint per id value, whichever pages the crawl reached', () => {
    const fp = (bundle: ReturnType<typeof site>, id = 'TableOfContents') => findingsOf(check, bundle).find((f) => f.evidence!.id === id)!.fingerprint;
    expect(fp(site(paths))).toBe(fp(site(['/docs/page-3/', '/docs/page-9/'])));
    // An id doubled on one page keeps its fingerprint when more pages double it too.
    expect(fp(site(['/']))).toBe(fp(site(paths)));
    // Digits are part of an id: footnote-2 and footnote-3 are two findings with two fingerprints.
    const notes = findingsOf(check, withDups(dup({ id: 'footnote-2' }), dup({ id: 'footnote-3' })));
    expect(new Set(notes.map((f) => f.fingerprint)).size).toBe(2);
  });
});
