import { describe, expect, it } from 'vitest';
import { linkHeader } from './head_links.js';

describe('linkHeader', () => {
  it('reads each link of an RFC 8288 header: target, rel values and hreflang, quoted or not', () => {
    expect(linkHeader('<https://example.com/a>; rel="canonical", <https://example.com/de/a>; rel=alternate; hreflang=de, </style.css>; rel="preload stylesheet"; as=style')).toEqual([
      { url: 'https://example.com/a', rel: ['canonical'], hreflang: null },
      { url: 'https://example.com/de/a', rel: ['alternate'], hreflang: 'de' },
      { url: '/style.css', rel: ['preload', 'stylesheet'], hreflang: null },
    ]);
    expect(linkHeader(undefined)).toEqual([]);
  });
});
