import { describe, expect, it } from 'vitest';
import { onlyScrolls } from './focus-walk.js';

describe('onlyScrolls', () => {
  it.each([
    ["function () {\n        document.scrollingElement.scrollTo({ top: 0, behavior: 'smooth' });\n    }", true],
    ['() => { window.scroll(0, 0) }', true],
    ['function(){document.documentElement.scrollTop = 0}', true],
    ['function () { openLightbox(this.dataset.src); }', false],
    ['function(e){return void 0!==S&&S.event.triggered!==e.type?S.event.dispatch.apply(t,arguments):void 0}', false],
    ['() => { el.scrollIntoView(); track("top") }', false],
    [undefined, false],
  ])('%s → %s', (source, expected) => {
    expect(onlyScrolls(source)).toBe(expected);
  });
});
