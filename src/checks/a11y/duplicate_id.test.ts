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
    expect(f!.evidence).toMatchObject({ duplicates_total: 1, duplicates: [{ id: 'pricing', elements: 2, referenced_by: ['fragment link'] }] });
  });

  it('still flags an id two visible elements share, beside a hidden clone', () => {
    const findings = findingsOf(check, withDups(dup({ id: 'cta', count: 3, hidden_copies: 1 }), dup({ id: 'old', count: 2 })));
    expect(findings.map((f) => f.title)).toEqual(['2 ids are used by more than one element']);
  });

  it('ignores pages that answered an error (the http checks judge those)', () => {
    const page = makePage({ status: 500, dom: makeDom({ heading_outline: [], duplicate_ids: [dup()] }) });
    expect(findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ heading_outline: [] }) }), { ...page, url: 'https://example.com/boom', final_url: 'https://example.com/boom' }] }))).toEqual([]);
  });

  it('groups several duplicates of a page into one finding, leaving out the SVG ones', () => {
    const [f, ...rest] = findingsOf(check, withDups(dup({ id: 'a' }), dup({ id: 'b', tags: ['div', 'svg'] }), dup({ id: 'c', in_svg: true })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ title: '2 ids are used by more than one element' });
    expect((f!.evidence!.duplicates as { id: string }[]).map((d) => d.id)).toEqual(['a', 'b']);
  });
});
