import { describe, expect, it } from 'vitest';
import { realisticSite } from '../http/support/realistic_site.js';
import { findingsOf, makeBundle, makePage } from '../test-support.js';
import { check } from './title_length.js';

describe('seo.title_length', () => {
  const valid = [
    ['a realistic healthy site', realisticSite()],
    ['exactly 60 characters', makeBundle({ pages: [makePage({ title: 'x'.repeat(60) })] })],
    ['60 characters counting an emoji once', makeBundle({ pages: [makePage({ title: `${'x'.repeat(59)}🌱` })] })],
  ] as const;
  it.each(valid)('passes: %s', (_name, bundle) => {
    expect(findingsOf(check, bundle)).toEqual([]);
  });

  it('notes titles over 60 characters as info, with length and threshold', () => {
    const title = 'Hand-forged garden tools and accessories for serious gardeners | Acme';
    const [f] = findingsOf(check, makeBundle({ pages: [makePage({ title })] }));
    expect(f).toMatchObject({ severity: 'info' });
    expect(f!.evidence).toMatchObject({ max_chars: 60, pages: [{ url: 'https://example.com/', title, length: title.length }] });
  });
});
