// Escaping and link helpers for every page we render: all report content is untrusted site content.

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
  '\u0000': '\uFFFD',
};

/**
 * Escapes text for use in element content and in double- or single-quoted attribute values.
 * Escaping `<` alone defuses `</script>`, `<img onerror>` and comment tricks; quotes are escaped
 * so a value can never close the attribute it sits in.
 */
export function escapeHtml(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return text.replace(/[&<>"'`\u0000]/g, (ch) => ENTITIES[ch]);
}

/** The URL when it is an absolute http(s) URL, else null: only these may become links. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 8192) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A same-site path like `/docs/checks/x` (not `//host`, not `/\host`), else null. */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\') || /[\s\u0000-\u001f]/.test(value)) return null;
  return value;
}

/**
 * A link to untrusted content when the URL is http(s); plain escaped text otherwise.
 * `nofollow` because we must not lend our ranking to whatever the audited site links to.
 */
export function externalLink(url: unknown, text?: string, className?: string): string {
  const label = escapeHtml(text ?? url);
  const href = safeHttpUrl(url);
  if (!href) return label;
  const cls = className ? ` class="${escapeHtml(className)}"` : '';
  return `<a${cls} href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${label}</a>`;
}

/** Path plus query of a URL, for compact display; the input itself when it is not a URL. */
export function displayPath(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
