import { describe, expect, it } from 'vitest';
import { makeDom } from '../../test-support.js';
import { readReferrerPolicy } from './referrer.js';
import { doc } from './test-pages.js';

const meta = (content: string) => makeDom({ meta: [{ name: 'referrer', property: null, http_equiv: null, content }] });

describe('referrer policy reading', () => {
  it('takes the last valid header token (fallback lists)', () => {
    expect(readReferrerPolicy(doc('/', { 'referrer-policy': 'no-referrer, strict-origin-when-cross-origin' })).policy).toBe('strict-origin-when-cross-origin');
    expect(readReferrerPolicy(doc('/', { 'referrer-policy': 'unsafe-url, made-up' })).policy).toBe('unsafe-url');
    expect(readReferrerPolicy(doc('/', { 'referrer-policy': 'made-up' })).policy).toBeNull();
  });

  it('lets a meta tag override the header, mapping legacy keywords', () => {
    expect(readReferrerPolicy(doc('/', { 'referrer-policy': 'no-referrer' }, { dom: meta('always') }))).toEqual({ policy: 'unsafe-url', source: 'meta', raw: 'always' });
    expect(readReferrerPolicy(doc('/', {}, { dom: meta('never') })).policy).toBe('no-referrer');
  });

  it('reports no policy when neither is set', () => {
    expect(readReferrerPolicy(doc('/', {}))).toEqual({ policy: null, source: null, raw: null });
  });
});
