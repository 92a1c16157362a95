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
    expect(f).toMatchObject({ severity: 'info', title: 'Heading levels skip from h2 to h4 (and 1 more)' });
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
});
