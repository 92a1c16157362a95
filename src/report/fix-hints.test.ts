// The generated fix sentences match the check docs, and every registered check has one.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixHintsSource, fixSentence } from '../../scripts/generate-fix-hints.js';
import { checks } from '../checks/registry.js';
import { FIX_HINTS } from './fix-hints.js';

describe('fix hints', () => {
  it('is what scripts/generate-fix-hints.ts makes of docs/checks today', () => {
    expect(readFileSync(new URL('./fix-hints.ts', import.meta.url), 'utf8'), 'run: npx tsx scripts/generate-fix-hints.ts').toBe(fixHintsSource());
  });

  it('has a sentence for every registered check', () => {
    expect(checks.map((c) => c.meta.id).filter((id) => !FIX_HINTS[id]), 'a doc without "## How to fix", or run: npx tsx scripts/generate-fix-hints.ts').toEqual([]);
  });

  it.each([
    ['Add an `alt` to it. For a logo, use the site name.', 'Add an alt to it.'],
    ['Use [the tool](https://x.example/) e.g. this one, then stop.\nMore here. And more.', 'Use the tool e.g. this one, then stop.'],
    ['- **Remove** it\n\nSecond paragraph.', 'Remove it'],
  ])('takes the first sentence of "How to fix" as plain text: %s', (body, sentence) => {
    expect(fixSentence(`# x\n\n## How to fix\n${body}\n\n## Other\nno`)).toBe(sentence);
  });

  it('gives null for a doc without the heading', () => {
    expect(fixSentence('# x\n\n## Why is this important?\nBecause.')).toBeNull();
  });
});
