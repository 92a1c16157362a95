// Set-Cookie headers the site's own server sent (main documents and first-party responses), parsed
// into attributes. Cookies set by scripts (analytics) are not here: they cannot be HttpOnly by design.
import type { EvidenceBundle } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import { splitSetCookie } from '../../../evidence/set-cookie.js';
import { siteDocuments } from './documents.js';

export { splitSetCookie };

export interface SetCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** The SameSite value as written (lower-cased), null when absent. */
  sameSite: string | null;
  domain: string | null;
  /** The response that set it. */
  url: string;
  https: boolean;
  /** The header line, with the value replaced by its length. */
  header: string;
  /** Max-Age ≤ 0 or Expires before the response date: the server is deleting the cookie. */
  deletes: boolean;
}

export function parseSetCookie(line: string, url: string, responseDate: string | undefined): SetCookie | null {
  const [pair, ...attrs] = line.split(';');
  const eq = pair!.indexOf('=');
  const name = (eq < 0 ? '' : pair!.slice(0, eq)).trim();
  if (!name) return null;
  const value = pair!.slice(eq + 1).trim();
  const cookie: SetCookie = {
    name, secure: false, httpOnly: false, sameSite: null, domain: null, url,
    https: url.toLowerCase().startsWith('https:'), header: '', deletes: value === '',
  };
  const kept: string[] = [`${name}=<${value.length} chars>`];
  for (const raw of attrs) {
    const [k, ...rest] = raw.split('=');
    const key = k!.trim().toLowerCase();
    const val = rest.join('=').trim();
    if (!key) continue;
    kept.push(raw.trim());
    if (key === 'secure') cookie.secure = true;
    else if (key === 'httponly') cookie.httpOnly = true;
    else if (key === 'samesite') cookie.sameSite = val.toLowerCase();
    else if (key === 'domain') cookie.domain = val.toLowerCase();
    else if (key === 'max-age' && /^-?\d+$/.test(val) && Number(val) <= 0) cookie.deletes = true;
    else if (key === 'expires') {
      const at = Date.parse(val);
      const now = responseDate ? Date.parse(responseDate) : NaN;
      if (Number.isFinite(at) && (Number.isFinite(now) ? at <= now : new Date(at).getUTCFullYear() < 2000)) cookie.deletes = true;
    }
  }
  cookie.header = kept.join('; ').slice(0, 300);
  return cookie;
}

export interface SeenCookie extends SetCookie {
  /** Pages on whose load the cookie was set. */
  pages: string[];
}

/**
 * Cookies set by the site's own servers across the crawl, once per name + domain + path of the
 * setting response's host, skipping deletions. Beacons we stubbed and requests our guard blocked never
 * reached the site, so their headers are not the site's.
 */
export function siteCookies(evidence: EvidenceBundle, views: EvidenceViews): SeenCookie[] {
  const out = new Map<string, SeenCookie>();
  for (const { page, url: pageUrl } of siteDocuments(evidence, views)) {
    const responses = [{ url: page.final_url, headers: page.headers }];
    for (const r of page.requests) {
      if (r.blocked || r.beacon_stubbed || r.status === null || !views.isFirstParty(r.url)) continue;
      responses.push({ url: r.url, headers: r.response_headers });
    }
    for (const { url, headers } of responses) {
      const value = headers['set-cookie'];
      if (!value) continue;
      for (const line of splitSetCookie(value)) {
        const c = parseSetCookie(line, url, headers['date']);
        if (!c || c.deletes) continue;
        let host = '';
        try {
          host = new URL(url).hostname;
        } catch {
          continue;
        }
        const key = `${c.name}|${c.domain ?? host}`;
        const prev = out.get(key);
        if (prev) {
          if (!prev.pages.includes(pageUrl)) prev.pages.push(pageUrl);
        } else out.set(key, { ...c, pages: [pageUrl] });
      }
    }
  }
  return [...out.values()];
}

// Observatory treats names containing "sess" or "login" as session cookies; common framework names
// (sid, auth, jwt, remember-me, WordPress logged_in) are added. CSRF tokens are read by scripts on purpose.
const SESSION_LIKE = /sess|login|logged_in|^sid$|[._-]sid$|auth|jwt|remember/i;
const CSRF = /csrf|xsrf/i;

export function isSessionLike(name: string): boolean {
  return SESSION_LIKE.test(name) && !CSRF.test(name);
}
