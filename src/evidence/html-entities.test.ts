import { describe, expect, it } from 'vitest';
import { decodeHtmlEntities } from './html-entities.js';

describe('decodeHtmlEntities', () => {
  it.each([
    ['Fish &amp; Chips', 'Fish & Chips'],
    ['&lt;dialog&gt; &quot;x&quot; &#39;y&#39; &apos;z&apos;', `<dialog> "x" 'y' 'z'`],
    ['&amp;lt; stays &lt; once', '&lt; stays < once'],
    ['caf&#233; &#x263A;', 'café ☺'],
    ['&nbsp;', '\u00a0'],
    ['&unknown; &#0; & plain', '&unknown; &#0; & plain'],
  ])('%s', (text, decoded) => {
    expect(decodeHtmlEntities(text)).toBe(decoded);
  });
});
