import { describe, expect, it } from 'vitest';
import type { DomFacts } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './hidden_shown.js';

type Shown = NonNullable<DomFacts['hidden_shown']>[number];
const shown = (selector: string, covers: number, over: Partial<Shown> = {}): Shown => ({ selector, tag: 'div', text: '', rect: { x: 0, y: 0, width: 1280, height: 800 }, display: 'flex', position: 'fixed', covers, ...over });
const page = (path: string, found: Shown[]) => makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, dom: makeDom(found.length ? { hidden_shown: found } : {}) });

describe('errors.hidden_shown', () => {
  it.each([
    ['a realistic healthy site', realisticSite()],
    ['nothing marked hidden is shown', makeBundle({ pages: [page('/', []), page('/a', [])] })],
  ])('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is critical when it covers the page: a lightbox whose display: flex outranks hidden', () => {
    const [f, ...rest] = findingsOf(check, makeBundle({ pages: [page('/', []), page('/galerie', [shown('#lightbox', 1, { text: '✕' })])] }));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'critical', title: 'An element marked hidden covers 100% of the screen (div “✕”), so the page behind it cannot be used' });
    expect(f!.evidence).toMatchObject({ page: 'https://example.com/galerie', elements: [{ selector: '#lightbox', display: 'flex', covers: 1 }], pages: [{ url: 'https://example.com/galerie', elements: 1, nodes: [{ target: '#lightbox', rect: { width: 1280 } }] }] });
  });

  it("is a warning for smaller elements, a template's one counted once over its pages", () => {
    const banner = shown('#update-banner', 0.08, { position: 'static', text: 'A new version is available', rect: { x: 0, y: 0, width: 1280, height: 60 } });
    const [f] = findingsOf(check, makeBundle({ pages: [page('/', [banner]), page('/a', [banner]), page('/b', [shown('.toast', 0.01, { text: 'Saved' })])] }));
    expect(f).toMatchObject({ severity: 'warning', title: '2 elements marked hidden are shown anyway (first: div “A new version is available”)' });
    expect(f!.evidence).toMatchObject({ elements_total: 2, pages_total: 3, elements: [{ selector: '#update-banner', pages_total: 2 }, { selector: '.toast' }] });
  });
});
