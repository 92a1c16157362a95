import { describe, expect, it } from 'vitest';
import type { KeyboardTarget, KeyboardWalk } from '../../evidence/types.js';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
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

  it('warns with the elements, outlined where they are', () => {
    const [f, ...rest] = findingsOf(check, withWalk(walk([target('a', 'Thesis poster'), target('span', '')])));
    expect(rest).toEqual([]);
    expect(f).toMatchObject({ severity: 'warning', title: '2 clickable elements no keyboard can reach (first: a “Thesis poster”)' });
    expect(f!.evidence).toMatchObject({ wcag: ['2.1.1'], pages: [{ elements: 2, nodes: [{ target: '.work > a', rect: { width: 120 } }, { html: '<span>' }] }] });
  });
});
