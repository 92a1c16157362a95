// Whether an HTML answer sends the browser on to another address by itself: a meta refresh naming a URL,
// or an inline script that assigns or replaces `location`. The single-page-app fallback of static hosts
// (GitHub Pages' 404.html) answers 404 with such a page, and a visitor's browser lands on the right page.
// Pure: reads the text it is given (callers bound how much of the body they read).

export type ClientRedirect = 'meta_refresh' | 'script';

const META_REFRESH = /<meta\b[^>]*\bhttp-equiv\s*=\s*["']?refresh\b[^>]*>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** `var l = window.location;`: the aliases scripts such as the spa-github-pages 404.html navigate through. */
const ALIAS = /\b(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:(?:window|self|top|document)\s*\.\s*)?location\s*[;,\n]/g;

const escape = (s: string) => s.replace(/[$]/g, '\\$');

/** True when the script navigates: `location = …`, `location.href = …`, `location.replace(…)`, `x.assign(…)` on an alias. */
function navigates(code: string): boolean {
  const names = ['location', ...[...code.matchAll(ALIAS)].map((m) => m[1]!)];
  return names.some((name) => {
    const n = name === 'location' ? '\\blocation' : `(?<![\\w$.])${escape(name)}`;
    return new RegExp(`${n}\\s*\\.\\s*(?:replace|assign)\\s*\\(|${n}(?:\\s*\\.\\s*(?:href|pathname|search))?\\s*=(?!=)`).test(code);
  });
}

/** How the page redirects in the browser, or null when it does not (or is not HTML). */
export function clientRedirectOf(body: string, contentType: string | null): ClientRedirect | null {
  if (contentType && !/html/i.test(contentType)) return null;
  for (const m of body.matchAll(META_REFRESH)) {
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(m[0]);
    // "0; url=/app/" redirects; a bare "30" only reloads the same page.
    if (content && /(?:^|[;,])\s*url\s*=\s*\S/i.test(content[1] ?? content[2] ?? content[3] ?? '')) return 'meta_refresh';
  }
  for (const m of body.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !/^(?:text\/javascript|application\/javascript|module)$/.test(type)) continue;
    if (navigates(m[2] ?? '')) return 'script';
  }
  return null;
}
