import { describe, expect, it } from 'vitest';
import type { KeyboardTarget, KeyboardWalk } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makeDom, makePage } from '../test-support.js';
import { check } from './keyboard_unreachable.js';

const target = (tag: string, text: string): KeyboardTarget => ({ selector: `.work > ${tag}`, tag, text, rect: { x: 10, y: 200, width: 120, height: 80 }, indicated: false });
const walk = (pointer_only?: KeyboardTarget[]): KeyboardWalk => ({ focusable: 12, stops: 12, judged: 10, complete: true, without_indicator: [], ...(pointer_only ? { pointer_only } : {}) });
const axeRan = { engine: 'axe-core 4', violations: [], passes: 20, incomplete: 0, error: null };
const withWalk = (keyboard: KeyboardWalk | null | undefined) => makeBundle({ pages: [makePage({ keyboard, accessibility: axeRan })] });

describe('a11y.keyboard_unreachable', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['nothing clickable out of the keyboard\'s reach', withWalk(walk([]))],
    ['a walk from before the reading existed', withWalk(walk())],
    ['no walk', withWalk(undefined)],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it("reports the other pages' elements whose markup gives them a click handler, once for the site", () => {
    const clickOnly = (text: string) => ({ selector: `#cv > h3:nth-of-type(${text.length})`, tag: 'h3', text, rect: { x: 20, y: 400, width: 600, height: 30 } });
    const page = (path: string, found: (ReturnType<typeof clickOnly> & { handler?: string })[], keyboard?: KeyboardWalk) =>
      makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, accessibility: axeRan, keyboard, dom: makeDom(found.length ? { inline_click_only: found } : {}) });
    const bundle = makeBundle({ pages: [
      // The start page was walked: its listeners are the walk's to judge, not listed twice.
      page('/', [clickOnly('Menu')], walk([])),
      page('/cv', [clickOnly('Education'), clickOnly('Work experience')]),
      page('/talks', [clickOnly('2024')]),
      page('/contact', []),
      // A Butterfly theme's back-to-top picture: its handler only scrolls, which the keys do already.
      page('/archives', [{ ...clickOnly('Top'), handler: 'btf.scrollToDest(0,500)' }]),
      // Its logo goes where a link of the page goes: the link is the keyboard's way there.
      makePage({ url: 'https://example.com/tags', depth: 1, accessibility: axeRan, dom: makeDom({ inline_click_only: [{ ...clickOnly('即刻'), handler: 'pjax.loadUrl("/essay/")' }], links: [{ href: 'https://example.com/essay/', text: '即刻短文', rel: null, region: 'nav', nofollow: false }] }) }),
    ] });
    const [f, ...rest] = findingsOf(check, bundle);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '3 elements with a click handler no keyboard can reach on 2 pages (first: h3 “Education”)' });
    expect(f!.evidence).toMatchObject({ wcag: ['2.1.1'], pages_total: 2, pages: [{ url: 'https://example.com/cv', elements: 2 }, { url: 'https://example.com/talks', elements: 1, nodes: [{ html: '<h3> 2024' }] }] });
  });

  it("counts a template's element once over its pages, and leaves the walk's own to the walk", () => {
    const logo = { selector: 'header > div.logo', tag: 'div', text: 'Wynn House', rect: { x: 10, y: 10, width: 200, height: 40 } };
    const toggle = { selector: '#faq > h3', tag: 'h3', text: 'Opening hours', rect: { x: 20, y: 400, width: 600, height: 30 } };
    const page = (path: string, found: (typeof logo)[], keyboard?: KeyboardWalk) =>
      makePage({ url: `https://example.com${path}`, depth: path === '/' ? 0 : 1, accessibility: axeRan, keyboard, dom: makeDom({ inline_click_only: found }) });
    const walkedLogo = { ...logo, indicated: false };
    // The walk found the logo on the start page: on the other pages it is the same element, already reported.
    const findings = findingsOf(check, makeBundle({ pages: [page('/', [logo], walk([walkedLogo])), page('/rooms', [logo]), page('/faq', [logo, toggle]), page('/contact', [logo])] }));
    expect(findings.map((f) => f.title)).toEqual(['1 clickable element no keyboard can reach (first: div “Wynn House”)', '1 element with a click handler no keyboard can reach (first: h3 “Opening hours”)']);
    // Without the walk's listing, the logo is one element on three pages.
    const [g] = findingsOf(check, makeBundle({ pages: [page('/', [], walk([])), page('/rooms', [logo]), page('/faq', [logo, toggle]), page('/contact', [logo])] }));
    expect(g).toMatchObject({ title: '2 elements with a click handler no keyboard can reach on 3 pages (first: div “Wynn House”)', evidence: { pages_total: 3 } });
  });

  it('warns with the elements, outlined where they are', () => {
    const [f, ...rest] = findingsOf(check, withWalk(walk([target('a', 'Thesis poster'), target('span', '')])));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 clickable elements no keyboard can reach (first: a “Thesis poster”)' });
    expect(f!.evidence).toMatchObject({ wcag: ['2.1.1'], pages: [{ elements: 2, nodes: [{ target: '.work > a', rect: { width: 120 } }, { html: '<span>' }] }] });
  });
});
