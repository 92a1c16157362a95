import { describe, expect, it } from 'vitest';
import { INLINE_CHARS, LIST_ITEMS, renderEvidenceFields, renderValue } from './evidence.js';

describe('renderValue', () => {
  it('shows scalars readably', () => {
    expect(renderValue(404)).toBe('404');
    expect(renderValue(true)).toBe('yes');
    expect(renderValue(false)).toBe('no');
    expect(renderValue(null)).toBe('<span class="muted">none</span>');
    expect(renderValue('')).toBe('<span class="muted">(empty)</span>');
  });

  it('links http(s) URLs only, with nofollow', () => {
    expect(renderValue('https://site.example/a')).toBe(
      '<a href="https://site.example/a" rel="noopener noreferrer nofollow">https://site.example/a</a>',
    );
    expect(renderValue('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(renderValue('ftp://site.example/file')).not.toContain('<a');
  });

  it('cuts long strings and keeps the whole value in a <details>', () => {
    const long = 'x'.repeat(INLINE_CHARS + 40) + '<tail>';
    const html = renderValue(long);
    expect(html).toContain(`${'x'.repeat(INLINE_CHARS - 1)}…`);
    expect(html).toContain(`<details><summary>Show full value (${long.length} characters)</summary><pre tabindex="0">${'x'.repeat(INLINE_CHARS + 40)}&lt;tail&gt;</pre></details>`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const html = renderValue('😀'.repeat(INLINE_CHARS));
    expect(html).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('shows short lists whole and folds the rest of a long list under "and N more"', () => {
    expect(renderValue(['a', 'b'])).toBe('<ul class="vlist"><li>a</li><li>b</li></ul>');
    const items = Array.from({ length: LIST_ITEMS + 3 }, (_, i) => `item-${i}`);
    const html = renderValue(items);
    const [shown, folded] = html.split('<details>');
    expect(shown.match(/<li>/g)).toHaveLength(LIST_ITEMS);
    expect(folded).toContain('<summary>and 3 more</summary>');
    expect(folded).toContain(`item-${LIST_ITEMS + 2}`);
  });

  it('renders nested objects as key/value lists with readable keys', () => {
    const html = renderValue({ found_on: 'https://site.example/', lcp_ms: 4200 });
    expect(html).toContain('<dt>Found on</dt>');
    expect(html).toContain('<dt>LCP ms</dt><dd>4200</dd>');
  });

  it('shows selectors and markup in monospace and escapes them', () => {
    expect(renderValue('.card > a', 1, 'selector')).toBe('<code>.card &gt; a</code>');
    expect(renderValue('<a href="#">x</a>', 1, 'anything')).toBe('<code>&lt;a href=&quot;#&quot;&gt;x&lt;/a&gt;</code>');
  });

  it('stops nesting at a fixed depth and shows the rest as JSON text', () => {
    const html = renderValue({ a: { b: { c: { d: { e: { f: '<x>' } } } } } });
    expect(html).toContain('{&quot;f&quot;:&quot;&lt;x&gt;&quot;}');
  });

  it('lists the elements of a page as blocks, leaving their boxes to the picture', () => {
    const html = renderEvidenceFields({ pages: [{ url: 'https://s.example/', nodes: [{ target: '#two > a', summary: 'Not focusable', rect: { x: 1, y: 2, width: 3, height: 4 } }] }] }, []);
    expect(html).toContain('<code>#two &gt; a</code>');
    expect(html).not.toContain('&quot;target&quot;');
    expect(html).not.toContain('<dt>Rect</dt>');
  });
});

describe('renderEvidenceFields', () => {
  it('lists the fields in order, leaving out the ones shown elsewhere', () => {
    const html = renderEvidenceFields({ locator: 'x · / · t', page: 'https://s.example/', status: 500, url: 'https://s.example/a' }, ['locator', 'page']);
    expect(html).not.toContain('Locator');
    expect(html.indexOf('<dt>Status</dt>')).toBeLessThan(html.indexOf('<dt>URL</dt>'));
    expect(renderEvidenceFields({ locator: 'x' }, ['locator'])).toBe('');
  });

  it('gives records and lists of records the full width on narrow screens', () => {
    const html = renderEvidenceFields({ nodes: [{ target: '#a' }], count: 1 }, []);
    expect(html).toContain('<dt class="wide">Nodes</dt>');
    expect(html).toContain('<dt>Count</dt>');
  });
});
