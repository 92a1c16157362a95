import { describe, expect, it } from 'vitest';
import type { KeyboardWalk } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './focus_visible.js';

const stop = (text: string, tag = 'a') => ({ selector: `nav > ${tag}`, tag, text, rect: { x: 10, y: 10, width: 60, height: 20 }, indicated: false });
const walk = (over: Partial<KeyboardWalk>): KeyboardWalk => ({ focusable: 12, stops: 12, judged: 10, complete: true, without_indicator: [], ...over });
const axeRan = { engine: 'axe-core 4', violations: [], passes: 20, incomplete: 0, error: null };
const withWalk = (keyboard: KeyboardWalk | null | undefined, over: Parameters<typeof makePage>[0] = {}) => makeBundle({ pages: [makePage({ keyboard, accessibility: axeRan, ...over })] });

describe('a11y.focus_visible', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['every stop shows focus', withWalk(walk({}))],
    ['the walk reached its 40-stop limit', withWalk(walk({ stops: 40, judged: 38, complete: false }))],
    ['the walk reached its limit, some of it inside an embedded map', withWalk(walk({ stops: 31, judged: 30, complete: false, ended_by: 'limit' }))],
    ['no walk (older bundles, other pages)', withWalk(undefined)],
    ['a walk that could not start', withWalk(null)],
    ['a page on another site', makeBundle({ pages: [makePage({ accessibility: axeRan }), makePage({ url: 'https://shop.other.example/', final_url: 'https://shop.other.example/', depth: 1, accessibility: axeRan, keyboard: walk({ without_indicator: [stop('Home')] }) })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('warns with the stops a keyboard user cannot see, outlined where they are', () => {
    const [f, ...rest] = findingsOf(check, withWalk(walk({ judged: 5, without_indicator: [stop('Home'), stop('Order a cake', 'button')] })));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 of 5 keyboard stops on the page show no focus indicator (first: a “Home”)' });
    expect(f!.evidence).toMatchObject({ wcag: ['2.4.7'], judged: 5, pages: [{ elements: 2, nodes: [{ target: 'nav > a', rect: { width: 60 } }, { html: '<button> Order a cake' }] }] });
  });

  it('says so when no stop shows focus', () => {
    expect(findingsOf(check, withWalk(walk({ judged: 2, without_indicator: [stop('Home'), stop('Shop')] })))[0]!.title).toBe('None of the 2 keyboard stops on the page shows a focus indicator (first: a “Home”)');
    expect(findingsOf(check, withWalk(walk({ judged: 1, without_indicator: [stop('')] })))[0]!.title).toBe("The page's only keyboard stop shows no focus indicator (first: <a>)");
  });

  it('says so, as info, when the walk ran out of time before the page was walked', () => {
    const [f] = findingsOf(check, withWalk(walk({ stops: 3, judged: 3, complete: false, ended_by: 'time' })));
    expect(findingsOf(check, withWalk(walk({ stops: 3, judged: 3, complete: false })))[0]).toMatchObject({ severity: 'info' });
    expect(f).toMatchObject({ severity: 'info', title: 'The keyboard walk stopped after 3 stops (out of time): those show focus, the rest of the page was not judged' });
  });
});
