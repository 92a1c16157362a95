// URL path patterns of the app model (templates, never-touch areas, destructive actions): a path
// that starts with "/", where a segment `:name` or `*` stands for exactly one segment, `**` for any
// number of segments (none included), and `*` inside a segment for any characters but "/". Query
// and fragment are never part of a match; one trailing slash is ignored. Pure.

export const PATH_PATTERN = '^/[^\\s?#]*$';
export const MAX_PATTERN = 300;

export interface PathPattern {
  source: string;
  regex: RegExp;
}

const escape = (s: string) => s.replace(/[.+^${}()|[\]\\?]/g, '\\$&');

/** Compiles a pattern; throws on one that does not start with "/" (the schema refuses those first). */
export function compilePattern(source: string): PathPattern {
  if (!source.startsWith('/')) throw new Error(`"${source}" does not start with /`);
  const segments = source.replace(/\/+$/, '').split('/').slice(1);
  let body = '';
  for (const seg of segments) {
    if (seg === '**') body += '(?:/[^/]+)*';
    else if (seg === '*' || /^:[A-Za-z_][A-Za-z0-9_]*$/.test(seg)) body += '/[^/]+';
    else body += '/' + seg.split('*').map(escape).join('[^/]*');
  }
  return { source, regex: new RegExp(`^${body}/?$`) };
}

/** The path part of a URL (or the path itself); null when it is neither. */
export function pathOf(url: string): string | null {
  if (url.startsWith('/')) return url.split(/[?#]/)[0]!;
  try {
    return new URL(url).pathname;
  } catch {
    return null;
  }
}

export function matchesPath(pattern: PathPattern, url: string): boolean {
  const path = pathOf(url);
  if (path === null) return false;
  if (pattern.regex.test(path)) return true;
  // A percent-encoded path matches its readable spelling too (`/caf%C3%A9` is `/café`).
  try {
    const decoded = decodeURI(path);
    return decoded !== path && pattern.regex.test(decoded);
  } catch {
    return false;
  }
}

export function matchesAny(patterns: readonly PathPattern[], url: string): PathPattern | null {
  return patterns.find((p) => matchesPath(p, url)) ?? null;
}
