import { describe, expect, it } from 'vitest';
import { titleOf } from './page-recorder.js';

describe("a page's title read from its captured document", () => {
  it.each<[string, string | null]>([
    ['<html><head><title>Templates - Firefly-Pico</title></head>', 'Templates - Firefly-Pico'],
    ['<head><title data-rh="true">\n  Fish &amp; Chips\n</title></head>', 'Fish & Chips'],
    ['<head></head><body><svg><title>GitHub</title></svg></body>', null],
    ['<head><title></title></head>', ''],
  ])('%s → %j', (html, title) => {
    expect(titleOf(html)).toBe(title);
  });
});
