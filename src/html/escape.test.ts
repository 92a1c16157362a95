import { describe, expect, it } from 'vitest';
import { displayPath, escapeHtml, externalLink, safeHttpUrl, safeLocalPath } from './escape.js';

describe('escapeHtml', () => {
  it('turns markup into inert text', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(escapeHtml('</script><script>alert(1)</script>')).not.toMatch(/<\/?script/i);
    expect(escapeHtml('<!-- x -->')).toBe('&lt;!-- x --&gt;');
  });

  it('cannot close a quoted attribute', () => {
    const out = escapeHtml(`" onmouseover="alert(1)' x='`);
    expect(out).not.toMatch(/["']/);
    expect(out).toBe('&quot; onmouseover=&quot;alert(1)&#39; x=&#39;');
  });

  it('escapes ampersands first so entities are not double-decoded into markup', () => {
    expect(escapeHtml('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
  });

  it('renders null and undefined as empty, numbers as text, and replaces NUL', () => {
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml(404)).toBe('404');
    expect(escapeHtml('a\u0000b')).toBe('a\uFFFDb');
  });
});

describe('link filters', () => {
  it('accepts only http(s) URLs', () => {
    expect(safeHttpUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHttpUrl('HTTP://Example.com')).toBe('http://example.com/');
    for (const bad of ['javascript:alert(1)', ' javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>', 'vbscript:x', '/relative', 'mailto:a@b.c', '', 42]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });

  it('accepts same-site paths but not protocol-relative ones', () => {
    expect(safeLocalPath('/docs/checks/http.error_status')).toBe('/docs/checks/http.error_status');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'docs/x', '/a b', 'https://x.example/']) {
      expect(safeLocalPath(bad)).toBeNull();
    }
  });

  it('links http(s) URLs with nofollow and leaves anything else as escaped text', () => {
    const link = externalLink('https://example.com/?q="x"', 'label <b>');
    expect(link).toBe('<a href="https://example.com/?q=%22x%22" rel="noopener noreferrer nofollow">label &lt;b&gt;</a>');
    expect(externalLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(externalLink('javascript:alert("<x>")')).not.toContain('<a');
  });

  it('shows path and query for display', () => {
    expect(displayPath('https://example.com/a/b?c=1#frag')).toBe('/a/b?c=1');
    expect(displayPath('not a url')).toBe('not a url');
  });
});
