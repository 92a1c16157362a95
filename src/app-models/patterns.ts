// URL path patterns of the app model (templates, never-touch areas, destructive actions): a path
// that starts with "/", where a segment `:name` or `*` stands for exactly one segment, `**` for any
// number of segments (none included), and `*` inside a segment for any characters but "/". Query
// and fragment are never part of a match; one trailing slash is ignored. Pure.

export const PATH_PATTERN = '^/[^\\s?#]*$';
export const MAX_PATTERN = 300;

export interface PathPattern {
  source: string;
  /** The pattern's segments after the leading "/" (one trailing slash dropped). */
  segments: string[];
}

/**
 * The matcher, as source text so the browser (never-touch areas in a chaos run) runs the very same
 * function the service does. Linear in practice: a dynamic programme over (pattern segment, path
 * segment) instead of a backtracking regular expression, which a pattern of many `**` segments
 * would drive into exponential time (a workspace's app model must not be able to stall a worker).
 * Inside a segment, `*` is matched greedily with one remembered star: O(pattern × segment).
 */
export const MATCHER_SOURCE = `function matchSegments(pattern, path) {
  const glob = (p, s) => {
    let i = 0, j = 0, star = -1, mark = 0;
    while (j < s.length) {
      if (i < p.length && p[i] !== '*' && p[i] === s[j]) { i++; j++; }
      else if (i < p.length && p[i] === '*') { star = i++; mark = j; }
      else if (star >= 0) { i = star + 1; j = ++mark; }
      else return false;
    }
    while (i < p.length && p[i] === '*') i++;
    return i === p.length;
  };
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const segs = trimmed === '/' ? [] : trimmed.split('/').slice(1);
  let reach = new Array(segs.length + 1).fill(false);
  reach[0] = true;
  for (const p of pattern) {
    const next = new Array(segs.length + 1).fill(false);
    if (p === '**') {
      let on = false;
      for (let j = 0; j <= segs.length; j++) { on = on || reach[j]; next[j] = on; }
    } else {
      const one = p === '*' || /^:[A-Za-z_][A-Za-z0-9_]*$/.test(p);
      for (let j = 0; j < segs.length; j++) {
        if (reach[j] && (one ? segs[j] !== '' : glob(p, segs[j]))) next[j + 1] = true;
      }
    }
    reach = next;
  }
  return reach[segs.length];
}`;

const matchSegments = new Function(`return ${MATCHER_SOURCE}`)() as (pattern: string[], path: string) => boolean;

/** Compiles a pattern; throws on one that does not start with "/" (the schema refuses those first). */
export function compilePattern(source: string): PathPattern {
  if (!source.startsWith('/')) throw new Error(`"${source}" does not start with /`);
  const segments = source.replace(/\/+$/, '').split('/').slice(1)
    // `**/**` is `**`: adjacent ones add nothing but work.
    .filter((seg, i, all) => !(seg === '**' && all[i - 1] === '**'));
  return { source, segments };
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
  if (matchSegments(pattern.segments, path)) return true;
  // A percent-encoded path matches its readable spelling too (`/caf%C3%A9` is `/café`).
  try {
    const decoded = decodeURI(path);
    return decoded !== path && matchSegments(pattern.segments, decoded);
  } catch {
    return false;
  }
}

export function matchesAny(patterns: readonly PathPattern[], url: string): PathPattern | null {
  return patterns.find((p) => matchesPath(p, url)) ?? null;
}
