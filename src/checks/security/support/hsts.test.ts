import { describe, expect, it } from 'vitest';
import { hstsActive, onPreloadedTld, readHsts } from './hsts.js';
import { doc } from './test-pages.js';

describe('HSTS reading', () => {
  it('parses max-age, includeSubDomains and preload from the first policy', () => {
    expect(readHsts(doc('/', { 'strict-transport-security': 'max-age="31536000"; includeSubDomains; preload, max-age=0' }))).toMatchObject({
      maxAge: 31536000, includeSubDomains: true, preload: true,
    });
    expect(readHsts(doc('/', {}))).toBeNull();
  });

  it('is active only with a valid non-zero max-age', () => {
    expect(hstsActive(readHsts(doc('/', { 'strict-transport-security': 'max-age=1' })))).toBe(true);
    expect(hstsActive(readHsts(doc('/', { 'strict-transport-security': 'max-age=0' })))).toBe(false);
    expect(hstsActive(readHsts(doc('/', { 'strict-transport-security': 'max-age=abc' })))).toBe(false);
    expect(hstsActive(null)).toBe(false);
  });

  it('knows HSTS-preloaded top-level domains', () => {
    expect(onPreloadedTld('https://shop.example.app/')).toBe(true);
    expect(onPreloadedTld('https://example.dev./x')).toBe(true);
    expect(onPreloadedTld('https://example.com/')).toBe(false);
    expect(onPreloadedTld('https://developer.example.com/')).toBe(false);
  });
});
