import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './twitter_card_missing.js';

describe('seo.twitter_card_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['twitter:card given as property=', makeBundle({ pages: [makePage({ dom: makeDom({ meta: [{ name: null, property: 'twitter:card', http_equiv: null, content: 'summary' }] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('notes pages without twitter:card as info', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage()] }));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: [{ url: 'https://example.com/' }], pages_total: 1 });
  });
});
