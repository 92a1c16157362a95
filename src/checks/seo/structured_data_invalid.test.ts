import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './structured_data_invalid.js';

const withJsonLd = (...json_ld: string[]) => makeBundle({ pages: [makePage({ dom: makeDom({ json_ld }) })] });

describe('seo.structured_data_invalid', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['a @graph document', withJsonLd(JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite', name: 'A' }, { '@type': 'Organization' }] }))],
    ['an array of typed items', withJsonLd(JSON.stringify([{ '@context': 'https://schema.org', '@type': 'BreadcrumbList' }, { '@context': 'https://schema.org', '@type': 'Product' }]))],
    ['an object @context', withJsonLd(JSON.stringify({ '@context': { '@vocab': 'https://schema.org/' }, '@type': 'Event' }))],
    ['an empty script element', withJsonLd('  \n ')],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('flags a block that does not parse, with the parser message and a snippet', () => {
    const [f] = findingsOf(check, withJsonLd('{"@context": "https://schema.org", "@type": "Product",}'));
    expect(f).toMatchObject({ severity: 'warning' });
    const [bad] = f!.evidence!.pages as { block: number; problem: string; snippet: string }[];
    expect(bad).toMatchObject({ block: 1, snippet: '{"@context": "https://schema.org", "@type": "Product",}' });
    expect(bad!.problem).toMatch(/^does not parse: /);
  });

  it('flags missing @context and @type, item by item', () => {
    const [f] = findingsOf(check, withJsonLd(JSON.stringify({ '@type': 'Product' }), JSON.stringify([{ '@context': 'https://schema.org' }, 'text'])));
    expect(f!.evidence).toMatchObject({
      pages_total: 2,
      pages: [
        { block: 1, problem: 'no @context' },
        { block: 2, problem: 'item 1: no @type (and no @graph); item 2: not a JSON object' },
      ],
    });
  });
});
