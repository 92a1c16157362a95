import { describe, expect, it } from 'vitest';
import { makeRequest } from '../../test-support.js';
import { formatOf, isImageResponse } from './images.js';

describe('image formats', () => {
  it('trusts the response type over the URL (CDNs negotiate WebP/AVIF behind .jpg)', () => {
    const r = makeRequest({ url: 'https://cdn.example.com/a.jpg', response_headers: { 'content-type': 'image/avif' } });
    expect(formatOf(r.url, r)).toBe('avif');
  });

  it.each([
    ['https://example.com/a.JPG?w=800', 'jpeg'],
    ['https://example.com/a.png', 'png'],
    ['https://example.com/icon.svg#frag', 'svg'],
    ['https://example.com/icon.svg', 'svg'],
    ['data:image/svg+xml;utf8,<svg/>', 'svg'],
    ['https://example.com/image', 'other'],
  ] as const)('reads %s as %s without a response', (url, format) => {
    expect(formatOf(url)).toBe(format);
  });

  it('recognises image responses by type or media type', () => {
    expect(isImageResponse(makeRequest({ resource_type: 'image' }))).toBe(true);
    expect(isImageResponse(makeRequest({ resource_type: 'fetch', response_headers: { 'content-type': 'image/webp' } }))).toBe(true);
    expect(isImageResponse(makeRequest({ resource_type: 'script' }))).toBe(false);
  });
});
