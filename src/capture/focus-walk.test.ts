import { describe, expect, it } from 'vitest';
import { navigatesTo, onlyScrolls } from './focus-walk.js';

describe('onlyScrolls', () => {
  it.each([
    ["function () {\n        document.scrollingElement.scrollTo({ top: 0, behavior: 'smooth' });\n    }", true],
    ['() => { window.scroll(0, 0) }', true],
    ['function(){document.documentElement.scrollTop = 0}', true],
    ['function () { openLightbox(this.dataset.src); }', false],
    ['function(e){return void 0!==S&&S.event.triggered!==e.type?S.event.dispatch.apply(t,arguments):void 0}', false],
    ['() => { el.scrollIntoView(); track("top") }', false],
    ['btf.scrollToDest(0,500)', true],
    ['scrollToTop(); return false', true],
    ['scrollToTop(); openMenu()', false],
    [undefined, false],
  ])('%s → %s', (source, expected) => {
    expect(onlyScrolls(source)).toBe(expected);
  });
});

describe('navigatesTo', () => {
  it.each([
    ['pjax.loadUrl("/essay/")', 'https://clinic.example/essay/'],
    ["router.push('/team/')", 'https://clinic.example/team/'],
    ['openLightbox("/img/a.jpg")', null],
    ["function onclick(event) {\nlocation.href='team.html'\n}", 'https://clinic.example/team.html'],
    ['() => { window.location.assign("/book/") }', 'https://clinic.example/book/'],
    ["function(){window.open('https://maps.example/x', '_blank')}", 'https://maps.example/x'],
    ["function () { openLightbox(this.dataset.src); }", null],
    ["function(){ track('team'); location.href='team.html' }", null],
  ])('%s → %s', (source, expected) => {
    expect(navigatesTo(source, 'https://clinic.example/')).toBe(expected);
  });
});
