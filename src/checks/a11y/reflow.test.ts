import { describe, expect, it } from 'vitest';
import type { MobileView, ReflowFacts } from '../../evidence/types.js';
import { findingsOf, makeBundle, makePage, outcomeOf } from '../test-support.js';
import { check } from './reflow.js';

const reflow = (over: Partial<ReflowFacts> = {}): ReflowFacts => ({ viewport_width: 320, content_width: 320, clipped: false, culprits: [], ...over });
const view = (r: ReflowFacts | null, over: Partial<MobileView> = {}): MobileView => ({
  url: 'https://example.com/', final_url: 'https://example.com/', viewport: { width: 320, height: 640 }, accessibility: null, reflow: r, ...over,
});
const axeRan = { engine: 'axe-core 4', violations: [], passes: 20, incomplete: 0, error: null };
const withView = (v: MobileView | null | undefined) => makeBundle({ pages: [makePage({ accessibility: axeRan })], site: { ...makeBundle().site, mobile_view: v } });
const culprit = (tag: string, two_dimensional: boolean, text = '') => ({ selector: `main > ${tag}`, tag, right: 900, width: 880, text, two_dimensional });

describe('a11y.reflow', () => {
  const valid = [
    ['a page as wide as the viewport', withView(view(reflow()))],
    ['a few pixels of rounding', withView(view(reflow({ content_width: 325, culprits: [culprit('div', false)] })))],
    ['a body that clips sideways overflow (nothing to scroll to)', withView(view(reflow({ content_width: 900, clipped: true })))],
    ['a view that could not be read', withView(view(null))],
    ['evidence captured before the phone-width view', withView(undefined)],
    ['a start page that went to another site', withView(view(reflow({ content_width: 900, culprits: [culprit('div', false)] }), { final_url: 'https://shop.other.example/' }))],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('is not applicable without accessibility evidence', () => {
    expect(outcomeOf(check, makeBundle({ pages: [makePage({ accessibility: null })] }))).toBe('not_applicable');
  });

  it('warns when text content makes the page scroll sideways, naming the widest element and carrying the picture', () => {
    const shot = { image: 'img-007', x: 0, y: 0, width: 320, height: 640 };
    const [f, ...rest] = findingsOf(check, withView(view(reflow({ content_width: 1100, culprits: [culprit('h1', false, 'Welcome to our studio'), culprit('table', true)] }), { screenshot: shot })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: 'Page is 1100 px wide at 320 px: it scrolls sideways (widest: h1 “Welcome to our studio”)' });
    expect(f!.evidence).toMatchObject({ overflow_px: 780, wcag: ['1.4.10'], screenshot: shot, page: 'https://example.com/' });
  });

  it('is info when only content WCAG lets scroll both ways sticks out (a data table, code)', () => {
    const [f] = findingsOf(check, withView(view(reflow({ content_width: 700, culprits: [culprit('table', true), culprit('pre', true)] }))));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.title).toContain('only tables, code or media stick out');
  });

  it('is not verified (info) when text sticks out while a web font got no answer, or when a stylesheet did not load', () => {
    // Shaped like a SvelteKit site: h1s in Bebas Neue from fonts.gstatic.com, refused; the fallback face is wider.
    const font = { url: 'https://fonts.gstatic.com/s/bebasneue/v14/JTUSjIg69CK48gW7PXoo9Wlhyw.woff2', resource_type: 'font' };
    const [f] = findingsOf(check, withView(view(reflow({ content_width: 513, culprits: [culprit('h1', false, 'Commissions')] }), { unloaded: [font] })));
    expect(f).toMatchObject({ severity: 'info', evidence: { not_verified: true, unloaded: [font] } });
    expect(f!.title).toMatch(/; not verified: 1 web font\(s\) got no answer in the audit$/);
    const sheet = { url: 'https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/css/bootstrap.min.css', resource_type: 'stylesheet' };
    expect(findingsOf(check, withView(view(reflow({ content_width: 900, culprits: [culprit('table', true)] }), { unloaded: [sheet] })))[0]).toMatchObject({ severity: 'info', evidence: { not_verified: true } });
    // Everything loaded: the site's own layout, a warning.
    expect(findingsOf(check, withView(view(reflow({ content_width: 513, culprits: [culprit('h1', false, 'Commissions')] }), { unloaded: [] })))[0]).toMatchObject({ severity: 'warning' });
  });

  it('reports text cut off on a page that hides sideways overflow; an off-canvas menu parked beyond the edge is no loss', () => {
    const cut = (tag: string, right: number, width: number, text_cut: boolean, text = 'hello@harbour-physiotherapy-falmouth.co.uk') => ({ selector: `main > ${tag}`, tag, right, width, text, two_dimensional: false, text_cut });
    const clipped = (culprits: ReturnType<typeof cut>[]) => withView(view(reflow({ content_width: 700, clipped: true, culprits })));
    const [f] = findingsOf(check, clipped([cut('p', 470, 440, true), cut('nav', 620, 300, true, 'Home About Contact')]));
    expect(f).toMatchObject({ severity: 'warning', evidence: { clipped: true, culprits: [{ tag: 'p' }] } });
    expect(f!.title).toBe('Text is cut off at 320 px: the page hides what sticks out past the edge (widest: p “hello@harbour-physiotherapy-falmouth.co.”, 470 px)');
    // Only the drawer beyond the edge, or text that stays inside: nothing lost.
    expect(findingsOf(check, clipped([cut('nav', 620, 300, true, 'Home About Contact')]))).toEqual([]);
    expect(findingsOf(check, clipped([cut('div', 400, 380, false, 'Hi')]))).toEqual([]);
  });
});
