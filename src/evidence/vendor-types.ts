// The shapes of the measurement-vendor data: URL rules, cookie rules, hits, vendors.
export type VendorKind = 'analytics' | 'tag_manager' | 'advertising' | 'session_replay';

/** A URL rule: host (a domain and its subdomains, a RegExp on the hostname, or '*'), path, optional query. */
export interface UrlRule {
  host: string | RegExp;
  path: RegExp;
  query?: RegExp;
}

/** A cookie-name glob (`*` = any characters); with `domain`, only cookies of that domain match. */
export type CookieRule = string | { name: string; domain: string };

/** What one hit says: the property it reports to, the event, the page, and the consent state it carries. */
export interface HitFact {
  id: string | null;
  event: string | null;
  location: string | null;
  /** The hit records a page view (the event that double tagging duplicates). */
  pageview: boolean;
  /** The hit itself declares storage consent denied (Google consent mode `gcs=G1x0`/`G10x`). */
  consent_denied: boolean;
}

export interface Hit extends HitFact {
  vendor: string;
}

export interface Vendor {
  id: string;
  name: string;
  kind: VendorKind;
  /** Whether EU guidance (ePrivacy art. 5(3), EDPB 2/2023) requires consent before it runs. See docs/consent.md. */
  needs_consent: boolean;
  /** Hits sent without this vendor's cookies need no consent (Matomo cookieless mode, CNIL exemption). */
  cookieless_exempt?: boolean;
  /** The standard install sends a hit on every page load, so a loaded tag without a hit is suspicious. */
  auto_hit: boolean;
  /** ISO date after which the vendor stopped processing data. */
  sunset?: string;
  script: UrlRule[];
  beacon: UrlRule[];
  cookies: CookieRule[];
  /** Window globals the tag's snippet or script defines: proof that its code ran on the page. */
  globals: string[];
  /** Window globals that only hint at the tag (also defined by other tags or unrelated code). */
  hint_globals?: string[];
  /** Markers of the tag in page HTML (e.g. an inline snippet a consent manager holds back). */
  snippets?: RegExp[];
  /** Parses a hit into its facts. */
  hits: (url: URL, body: string | null) => HitFact[];
  /** First-party proxy endpoints (any host) recognised by path and request body; never stubbed, because
   *  a URL alone cannot tell them from the site's own API. */
  proxied?: { path: RegExp; body: RegExp }[];
  /** The property id a tag script was loaded for. */
  scriptId?: (url: URL) => string | null;
}

// ---------------------------------------------------------------------------------------------
// Hit parsing helpers: query strings, url-encoded and JSON bodies (bodies may be truncated).

