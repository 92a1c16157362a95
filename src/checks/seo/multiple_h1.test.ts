import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './multiple_h1.js';

const h = (level: number, text: string) => ({ level, text });

describe('seo.multiple_h1', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['one h1 and several h2', makeBundle({ pages: [makePage({ dom: makeDom({ headings: [h(1, 'A'), h(2, 'B'), h(2, 'C')] }) })] })],
    // Quarto writes the title in the sidebar (hidden on wide screens) and in the page (hidden on narrow ones).
    ['a title written twice, one copy hidden at the width audited', makeBundle({ pages: [makePage({ dom: makeDom({
      headings: [h(1, 'Intro'), h(1, 'Intro')],
      heading_outline: [{ level: 1, text: 'Intro', selector: 'nav h1', hidden: true, aria: false }, { level: 1, text: 'Intro', selector: 'main h1', hidden: false, aria: false }],
    }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('notes pages with several h1 as info, with the headings', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ dom: makeDom({ headings: [h(1, 'Acme'), h(2, 'x'), h(1, 'Garden tools')] }) })] }));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/', h1_count: 2, h1: ['Acme', 'Garden tools'] }] });
  });
});
