import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './open_graph_missing.js';

const og = (...props: string[]) =>
  makeDom({ meta: props.map((p) => ({ name: null, property: p, http_equiv: null, content: p === 'og:image' ? 'https://example.com/og.png' : p === 'og:url' ? 'https://example.com/' : 'x' })) });

describe('seo.open_graph_missing', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['all four properties', makeBundle({ pages: [makePage({ dom: og('og:title', 'og:type', 'og:image', 'og:url') })] })],
    [
      'properties given with name= instead of property=',
      makeBundle({ pages: [makePage({ dom: makeDom({ meta: ['og:title', 'og:type', 'og:image', 'og:url'].map((n) => ({ name: n, property: null, http_equiv: null, content: n === 'og:title' || n === 'og:type' ? 'x' : 'https://example.com/x' })) }) })] }),
    ],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('warns when og:title or og:image is missing, listing what each page lacks', () => {
    const pages = [makePage({ dom: og() }), makePage({ url: 'https://example.com/b', depth: 1, dom: og('og:title', 'og:type', 'og:url') })];
    const [f, ...rest] = findingsOf(check, makeBundle({ pages }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning' });
    expect(f!.evidence).toMatchObject({
      pages: [
        { url: 'https://example.com/', missing: ['og:title', 'og:type', 'og:image', 'og:url'] },
        { url: 'https://example.com/b', missing: ['og:image'] },
      ],
    });
  });

  it('only notes pages that lack og:type or og:url (consumers infer them)', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ dom: og('og:title', 'og:image') })] }));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ pages: [{ missing: ['og:type', 'og:url'] }] });
  });

  it('says exactly which properties are lacking', () => {
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ dom: og('og:title', 'og:type', 'og:image') })] }));
    expect(f).toMatchObject({ severity: 'info', title: '1 page without og:url' });
  });

  it('takes an og:image or og:url that is a path for no address (Hugo Docsy with a relative baseURL)', () => {
    const meta = (image: string, url: string) => makeDom({ meta: [['og:title', 'Velocitas'], ['og:type', 'website'], ['og:image', image], ['og:url', url]].map(([p, c]) => ({ name: null, property: p!, http_equiv: null, content: c! })) });
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ dom: meta('/velocitas-docs/feature-background.jpg', '/velocitas-docs/') })] }));
    expect(f).toMatchObject({ severity: 'warning', title: '1 page without an absolute og:image, so shares show no proper preview' });
    expect(f!.evidence).toMatchObject({ pages: [{ missing: [], relative: ['og:image', 'og:url'] }] });
    expect(findingsOf(check, makeBundle({ pages: [makePage({ dom: meta('//cdn.example.com/og.png', 'https://example.com/') })] }))).toEqual([]);
    const [g] = findingsOf(check, makeBundle({ pages: [makePage({ dom: meta('https://example.com/og.png', '/velocitas-docs/') })] }));
    expect(g).toMatchObject({ severity: 'info', title: '1 page without an absolute og:url' });
  });
});
