// Measurement vendors as data (analytics, tag managers, ad pixels, session replay) and the pure
// matchers capture and checks share: which URL is a tag, which is a hit, which cookie is whose.
// Beacon patterns are deliberately narrow: capture answers them locally with 204, so a pattern
// that also matched a tag script or an API call would break the audited page.
import thirdPartyWeb from 'third-party-web';

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

function fact(over: Partial<HitFact>): HitFact {
  return { id: null, event: null, location: null, pageview: false, consent_denied: false, ...over };
}

function formBody(body: string | null): URLSearchParams | null {
  if (!body || !/^[\w.%[\]-]+=/.test(body.trim())) return null;
  try {
    return new URLSearchParams(body.trim());
  } catch {
    return null;
  }
}

/** A string field of a JSON body, by regex so that truncated bodies still yield it. */
function jsonField(body: string | null, key: string): string | null {
  if (!body) return null;
  const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(body);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return m[1]!;
  }
}

function jsonAll(body: string | null, key: string): string[] {
  if (!body) return [];
  const out: string[] = [];
  const re = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`, 'g');
  for (let m = re.exec(body); m; m = re.exec(body)) out.push(m[1]!);
  return out;
}

/** Google consent mode: gcs=G1<ad_storage><analytics_storage>, 1 granted, 0 denied. */
function gcsDenied(gcs: string | null, which: 'ad' | 'analytics'): boolean {
  const m = gcs ? /^G1([01])([01])$/.exec(gcs) : null;
  if (!m) return false;
  return (which === 'ad' ? m[1] : m[2]) === '0';
}

/** One parameter bag per event: GA4 batches events as body lines that extend the URL's shared parameters. */
function eventBags(u: URL, body: string | null): URLSearchParams[] {
  const lines = (body ?? '').split(/\r?\n/).map((l) => l.trim()).filter((l) => /^[\w.%-]+=/.test(l));
  if (!lines.length) return [new URLSearchParams(u.search)];
  return lines.map((line) => {
    const bag = new URLSearchParams(u.search);
    for (const [k, v] of new URLSearchParams(line)) bag.set(k, v);
    return bag;
  });
}

/** Parameters from the query, overlaid with a url-encoded body when there is one. */
function params(u: URL, body: string | null): URLSearchParams {
  const bag = new URLSearchParams(u.search);
  for (const [k, v] of formBody(body) ?? []) bag.set(k, v);
  return bag;
}

function decodeMaybeBase64(s: string): string {
  const t = s.trim();
  if (t.startsWith('[') || t.startsWith('{')) return t;
  try {
    return Buffer.from(t, 'base64').toString('utf8');
  } catch {
    return t;
  }
}

const ga4Hits = (u: URL, body: string | null): HitFact[] =>
  eventBags(u, body).map((p) =>
    fact({
      id: p.get('tid'), event: p.get('en'), location: p.get('dl'),
      pageview: p.get('en') === 'page_view', consent_denied: gcsDenied(p.get('gcs'), 'analytics'),
    }));

const uaHits = (u: URL, body: string | null): HitFact[] => {
  const p = params(u, body);
  if (u.pathname.endsWith('__utm.gif')) {
    return [fact({ id: p.get('utmac'), event: p.get('utmt') ?? 'page', location: p.get('utmp'), pageview: !p.get('utmt') })];
  }
  return eventBags(u, body).map((b) =>
    fact({ id: b.get('tid'), event: b.get('t'), location: b.get('dl') ?? b.get('dp'), pageview: b.get('t') === 'pageview' }));
};

/** Hits whose facts are plain query (or url-encoded body) parameters. */
function queryHits(keys: { id?: string; event?: string; location?: string }, isPageview: (p: URLSearchParams) => boolean = () => false) {
  return (u: URL, body: string | null): HitFact[] => {
    const p = params(u, body);
    const get = (k?: string) => (k ? p.get(k) : null);
    return [fact({ id: get(keys.id), event: get(keys.event), location: get(keys.location), pageview: isPageview(p) })];
  };
}

/** Hits whose facts are JSON body fields (possibly one per batched event). */
function jsonHits(keys: { id?: string; event?: string; location?: string }, isPageview: (event: string | null) => boolean = () => false) {
  return (_u: URL, body: string | null): HitFact[] => {
    const events = keys.event ? jsonAll(body, keys.event) : [];
    const id = keys.id ? jsonField(body, keys.id) : null;
    const location = keys.location ? jsonField(body, keys.location) : null;
    if (!events.length) return [fact({ id, location })];
    return events.map((event) => fact({ id, event, location, pageview: isPageview(event) }));
  };
}

const googleAdsHits = (u: URL, body: string | null): HitFact[] => {
  const p = params(u, body);
  const conv = /\/(?:conversion|viewthroughconversion|1p-conversion|1p-user-list)\/(\d+)/.exec(u.pathname);
  // Floodlight puts its parameters in the path: /activityi;src=123;type=…
  const src = /[;?&]src=(\d+)/.exec(u.pathname + u.search)?.[1];
  const id = conv ? `AW-${conv[1]}` : src ? `DC-${src}` : p.get('tid');
  return [fact({ id, event: p.get('label') ?? p.get('en'), location: p.get('url') ?? p.get('dl'), consent_denied: gcsDenied(p.get('gcs'), 'ad') })];
};

const segmentHits = (u: URL, body: string | null): HitFact[] => {
  const kind = /\/v1\/([a-z]+)$/.exec(u.pathname)?.[1] ?? null;
  const type = jsonField(body, 'type') ?? kind;
  const pageview = type === 'page' || type === 'p';
  return [fact({ id: jsonField(body, 'writeKey'), event: jsonField(body, 'event') ?? type, location: jsonField(body, 'url'), pageview })];
};

const fathomHits = (u: URL): HitFact[] => {
  const p = u.searchParams;
  const location = p.get('h') && p.get('p') !== null ? `${p.get('h')}${p.get('p')}` : null;
  return [fact({ id: p.get('sid'), event: p.get('name') ?? 'pageview', location, pageview: !p.get('name') })];
};

const matomoHits = (u: URL, body: string | null): HitFact[] => {
  // Bulk requests carry one query string per event in a JSON "requests" array.
  const bulk = body?.trimStart().startsWith('{') ? body.match(/"\?[^"]*"/g) ?? [] : [];
  const bags = bulk.length ? bulk.map((s) => new URLSearchParams(s.slice(2, -1))) : [params(u, body)];
  return bags.map((p) => {
    const pageview = !['e_c', 'ping', 'link', 'download', 'c_n', 'search', 'idgoal'].some((k) => p.has(k));
    return fact({ id: p.get('idsite'), event: p.get('e_a') ?? (pageview ? 'pageview' : null), location: p.get('url'), pageview });
  });
};

const mixpanelHits = (u: URL, body: string | null): HitFact[] => {
  const data = params(u, body).get('data');
  const json = data ? decodeMaybeBase64(data) : body;
  const id = jsonField(json, 'token');
  const events = jsonAll(json, 'event');
  if (!events.length) return [fact({ id })];
  return events.map((event) =>
    fact({ id, event, location: jsonField(json, 'current_url'), pageview: event === '$mp_web_page_view' || event === 'mp_page_view' }));
};

const amplitudeHits = jsonHits({ id: 'api_key', event: 'event_type', location: 'page_location' },
  (e) => e === '[Amplitude] Page Viewed' || e === 'Page View' || e === 'Page Viewed');

const metaHits = queryHits({ id: 'id', event: 'ev', location: 'dl' }, (p) => p.get('ev') === 'PageView');

const adobeHits = (u: URL, body: string | null): HitFact[] => {
  if (/\/b\/ss\//.test(u.pathname)) {
    const p = params(u, body);
    const rsid = /\/b\/ss\/([^/]+)/.exec(u.pathname)?.[1] ?? null;
    return [fact({ id: rsid, event: p.get('pe') ?? 'page', location: p.get('g'), pageview: !p.get('pe') })];
  }
  const id = u.searchParams.get('configId');
  const types = jsonAll(body, 'eventType');
  if (!types.length) return [fact({ id })];
  return types.map((t) => fact({ id, event: t, location: jsonField(body, 'URL'), pageview: t === 'web.webpagedetails.pageViews' }));
};

const q = (name: string) => (u: URL) => u.searchParams.get(name);
const pathId = (re: RegExp, prefix = '') => (u: URL) => {
  const m = re.exec(u.pathname);
  return m ? prefix + m[1] : null;
};
/** gtag.js is one script for GA4 (G-), Universal Analytics (UA-), Google Ads (AW-/DC-) and Google tags (GT-). */
const gtagJs = (prefixes: string): UrlRule => ({ host: '*', path: /\/gtag\/js$/, query: new RegExp(`[?&]id=(?:${prefixes})-`, 'i') });
const noHits = (): HitFact[] => [fact({})];

// ---------------------------------------------------------------------------------------------
// The vendor table. Order matters where patterns overlap: the first match wins.

export const VENDORS: readonly Vendor[] = [
  {
    id: 'ga4', name: 'Google Analytics 4', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [gtagJs('G')],
    beacon: [
      { host: 'google-analytics.com', path: /^\/g\/collect$/ },
      { host: 'analytics.google.com', path: /^\/g\/collect$/ },
      { host: 'stats.g.doubleclick.net', path: /^\/g\/collect$/ },
      // Server-side tagging on the site's own domain keeps the GA4 protocol.
      { host: '*', path: /\/g\/collect$/, query: /[?&]tid=G-[A-Z0-9]+/i },
    ],
    cookies: ['_ga', '_ga_*', 'FPID', 'FPLC', 'FPAU', 'FPGCLAW'],
    globals: [], hint_globals: ['gtag'],
    snippets: [/googletagmanager\.com\/gtag\/js\?id=G-/i, /gtag\(\s*['"]config['"]\s*,\s*['"]G-/],
    hits: ga4Hits, scriptId: q('id'),
  },
  {
    id: 'ua', name: 'Universal Analytics', kind: 'analytics', needs_consent: true, auto_hit: true, sunset: '2023-07-01',
    script: [
      { host: 'google-analytics.com', path: /^\/(?:analytics|analytics_debug|ga|urchin|u\/analytics)\.js$/ },
      gtagJs('UA'),
    ],
    beacon: [
      { host: 'google-analytics.com', path: /^\/(?:r\/|j\/)?collect$/ },
      { host: 'google-analytics.com', path: /^\/__utm\.gif$/ },
      { host: 'stats.g.doubleclick.net', path: /^\/(?:r\/|j\/)?collect$/ },
    ],
    cookies: ['_gid', '_gat', '_gat_*', '_dc_gtm_*', '__utma', '__utmb', '__utmc', '__utmt', '__utmt_*', '__utmz', '__utmv', 'AMP_TOKEN', '_gac_*'],
    globals: ['_gaq', 'GoogleAnalyticsObject'], hint_globals: ['ga'],
    snippets: [/google-analytics\.com\/(?:analytics|ga)\.js/i, /['"]UA-\d+-\d+['"]/],
    hits: uaHits, scriptId: q('id'),
  },
  {
    id: 'gtm', name: 'Google Tag Manager', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [
      { host: 'googletagmanager.com', path: /^\/gtm\.js$/ },
      { host: '*', path: /\/gtm\.js$/, query: /[?&]id=GTM-/i },
    ],
    // Sampled tag diagnostics pings, not visitor hits; answered locally like any beacon.
    beacon: [{ host: 'googletagmanager.com', path: /^\/(?:a|td)$/, query: /[?&]id=(?:GTM|G|GT|AW|DC)-/i }],
    cookies: [],
    globals: ['google_tag_manager'], hint_globals: ['dataLayer'],
    snippets: [/googletagmanager\.com\/gtm\.js/i, /['"]GTM-[A-Z0-9]{4,}['"]/],
    // The diagnostics ping names whichever tag sent it; only a GTM- id is this container's.
    hits: (u) => [fact({ id: /^GTM-/i.test(u.searchParams.get('id') ?? '') ? u.searchParams.get('id') : null })], scriptId: q('id'),
  },
  {
    id: 'google_tag', name: 'Google tag (GT- container)', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [gtagJs('GT')], beacon: [], cookies: [], globals: [], hits: noHits, scriptId: q('id'),
  },
  {
    id: 'google_ads', name: 'Google Ads / Floodlight', kind: 'advertising', needs_consent: true, auto_hit: false,
    script: [gtagJs('AW|DC'), { host: 'googleadservices.com', path: /^\/pagead\/conversion(?:_async)?\.js$/ }],
    beacon: [
      { host: 'googleadservices.com', path: /^\/pagead\/conversion\// },
      { host: /(?:^|\.)google\.[a-z]{2,3}(?:\.[a-z]{2})?$/, path: /^\/pagead\/(?:1p-conversion|1p-user-list)\// },
      { host: 'googleads.g.doubleclick.net', path: /^\/pagead\/viewthroughconversion\// },
      { host: 'td.doubleclick.net', path: /^\/td\/(?:ga\/)?rul\// },
      { host: 'ad.doubleclick.net', path: /^\/activityi?;/ },
      { host: 'fls.doubleclick.net', path: /^\/activityi?;/ },
    ],
    cookies: ['_gcl_*', '__gads', '__gpi', '__eoi', { name: 'IDE', domain: 'doubleclick.net' },
      { name: 'test_cookie', domain: 'doubleclick.net' }, { name: 'DSID', domain: 'doubleclick.net' }],
    globals: [], hint_globals: ['google_trackConversion'],
    hits: googleAdsHits, scriptId: q('id'),
  },
  {
    id: 'segment', name: 'Segment', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'cdn.segment.com', path: /^\/(?:analytics\.js\/v1\/|analytics-next\/)/ }],
    beacon: [
      { host: 'api.segment.io', path: /^\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/ },
      { host: 'segmentapis.com', path: /^\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/ },
    ],
    proxied: [{ path: /\/v1\/(?:t|p|i|g|a|s|m|b|batch|track|page|identify|group|alias|screen)$/, body: /"writeKey"\s*:\s*"/ }],
    cookies: ['ajs_anonymous_id', 'ajs_user_id', 'ajs_group_id'],
    globals: [], hint_globals: ['analytics'],
    hits: segmentHits, scriptId: pathId(/^\/analytics\.js\/v1\/([^/]+)\//),
  },
  {
    id: 'plausible', name: 'Plausible', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'plausible.io', path: /^\/js\/[^/]+\.js$/ }],
    beacon: [{ host: 'plausible.io', path: /^\/api\/event$/ }],
    proxied: [{ path: /\/api\/event$/, body: /^\s*\{.*"(?:n|name)"\s*:\s*"[^"]*".*"(?:u|url)"\s*:\s*"https?:/s }],
    cookies: [], globals: ['plausible'],
    hits: (u, b) => [fact({ id: jsonField(b, 'd') ?? jsonField(b, 'domain'), event: jsonField(b, 'n') ?? jsonField(b, 'name'),
      location: jsonField(b, 'u') ?? jsonField(b, 'url'), pageview: (jsonField(b, 'n') ?? jsonField(b, 'name')) === 'pageview' })],
  },
  {
    id: 'fathom', name: 'Fathom Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'cdn.usefathom.com', path: /^\/script\.js$/ }],
    beacon: [{ host: 'usefathom.com', path: /^\/$/, query: /[?&]sid=/ }],
    cookies: [], globals: ['fathom'], hits: fathomHits,
  },
  {
    id: 'matomo', name: 'Matomo (Piwik)', kind: 'analytics', needs_consent: true, cookieless_exempt: true, auto_hit: true,
    script: [
      { host: '*', path: /\/(?:matomo|piwik)\.js$/ },
      { host: 'cdn.matomo.cloud', path: /\.js$/ },
      { host: '*', path: /\/js\/container_[A-Za-z0-9]+\.js$/ },
    ],
    beacon: [
      { host: '*', path: /\/(?:matomo|piwik)\.php$/ },
      // The official WordPress plugin's REST endpoint, and Matomo's js/ proxy used as a tracker endpoint.
      { host: '*', path: /\/wp-json\/matomo\/v1\/hit\/?$/ },
      { host: '*', path: /\/index\.php$/, query: /[?&]rest_route=(?:%2F|\/)matomo(?:%2F|\/)v1(?:%2F|\/)hit/i },
      { host: '*', path: /\/js\/(?:index\.php|tracker\.php)?$/, query: /^(?=.*[?&]idsite=)(?=.*[?&]rec=1)/ },
    ],
    // Piwik PRO uses the same _pk_ cookies; both need consent, so the first match is fine.
    cookies: ['_pk_*', 'MATOMO_SESSID', 'PIWIK_SESSID'],
    globals: ['Matomo', 'Piwik'], hint_globals: ['_paq'],
    snippets: [/\/(?:matomo|piwik)\.js/],
    hits: matomoHits,
  },
  {
    id: 'piwik_pro', name: 'Piwik PRO', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: /\.containers\.piwik\.pro$/, path: /\.js$/ }, { host: '*', path: /\/ppms\.js$/ }],
    beacon: [{ host: '*', path: /\/ppms\.php$/ }],
    cookies: [], globals: ['ppms'], hint_globals: ['_paq'],
    hits: (u, b) => matomoHits(u, b),
  },
  {
    id: 'mixpanel', name: 'Mixpanel', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'mxpnl.com', path: /\/libs\/mixpanel/ }],
    beacon: [{ host: 'mixpanel.com', path: /^\/(?:track|engage|groups|record)\/?$/ }],
    cookies: ['mp_*_mixpanel'], globals: ['mixpanel'], hits: mixpanelHits,
  },
  {
    id: 'amplitude', name: 'Amplitude', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'cdn.amplitude.com', path: /^\/(?:libs|script)\// }],
    beacon: [
      { host: 'api2.amplitude.com', path: /^\/(?:2\/httpapi|batch)$/ },
      { host: 'api.eu.amplitude.com', path: /^\/(?:2\/httpapi|batch)$/ },
      { host: 'api.amplitude.com', path: /^\/$/ },
      { host: 'api-sr.amplitude.com', path: /^\/sessions\// },
    ],
    cookies: ['AMP_*', 'amp_*'], globals: ['amplitude'], hits: amplitudeHits,
  },
  {
    id: 'heap', name: 'Heap', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'cdn.heapanalytics.com', path: /^\/js\/heap-/ }, { host: 'heap-api.com', path: /^\/config\// }],
    beacon: [{ host: 'heapanalytics.com', path: /^\/(?:h|api\/[a-z_]+)$/ }, { host: 'heap-api.com', path: /^\/api\// }],
    cookies: ['_hp2_*', '_hp5_*'], globals: ['heap'],
    hits: queryHits({ id: 'a', event: 't', location: 'u' }), scriptId: pathId(/^\/js\/heap-(\d+)\.js$/),
  },
  {
    id: 'posthog', name: 'PostHog', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: 'posthog.com', path: /^\/static\/(?:array|recorder|surveys)[\w.-]*\.js$/ }],
    beacon: [{ host: 'posthog.com', path: /^\/(?:e|i\/v0\/e|batch|capture|track|engage|s)\/?$/ }],
    proxied: [{ path: /\/(?:e|i\/v0\/e|batch|capture)\/?$/, body: /"(?:token|api_key)"\s*:\s*"phc_/ }],
    cookies: ['ph_*_posthog'], globals: ['posthog'],
    hits: jsonHits({ id: 'token', event: 'event', location: '\\$current_url' }, (e) => e === '$pageview'),
  },
  {
    id: 'hotjar', name: 'Hotjar', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'static.hotjar.com', path: /^\/c\/hotjar-\d+\.js$/ }, { host: 'script.hotjar.com', path: /\.js$/ }],
    beacon: [
      { host: 'in.hotjar.com', path: /^\/api\/v\d\/client\/sites\/\d+\/visit-data/ },
      { host: 'ws.hotjar.com', path: /^\/api\/v\d\/client\/ws/ },
      { host: 'content.hotjar.io', path: /^\// },
      { host: 'metrics.hotjar.io', path: /^\// },
    ],
    cookies: ['_hj*'], globals: ['_hjSettings'], hint_globals: ['hj'],
    hits: (u) => [fact({ id: /\/sites\/(\d+)\//.exec(u.pathname)?.[1] ?? u.searchParams.get('site_id') })],
    scriptId: pathId(/^\/c\/hotjar-(\d+)\.js$/),
  },
  {
    id: 'clarity', name: 'Microsoft Clarity', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'www.clarity.ms', path: /^\/tag\/[a-z0-9]+$/i }, { host: 'scripts.clarity.ms', path: /\/clarity\.js$/ }],
    beacon: [{ host: 'clarity.ms', path: /^\/collect$/ }],
    cookies: ['_clck', '_clsk', { name: 'CLID', domain: 'clarity.ms' }, { name: 'MUID', domain: 'clarity.ms' }],
    globals: ['clarity'], hits: noHits, scriptId: pathId(/^\/tag\/([a-z0-9]+)$/i),
  },
  {
    id: 'adobe_analytics', name: 'Adobe Analytics', kind: 'analytics', needs_consent: true, auto_hit: false,
    script: [{ host: '*', path: /\/AppMeasurement(?:\.min)?\.js$/i }, { host: '*', path: /\/s_code\.js$/ }, { host: '*', path: /\/alloy(?:\.min)?\.js$/ }],
    beacon: [
      // Image requests to /b/ss/<report suite>/ on Adobe's hosts or a first-party CNAME.
      { host: '*', path: /\/b\/ss\/[^/]+\/\d/ },
      { host: 'adobedc.net', path: /^\/ee\/(?:[a-z0-9-]+\/)?v1\/(?:interact|collect)$/ },
      { host: '*', path: /\/ee\/(?:[a-z0-9-]+\/)?v1\/(?:interact|collect)$/, query: /[?&]configId=/ },
    ],
    cookies: ['s_vi', 's_fid', 's_cc', 's_sq', 's_ppv', 's_ecid', 'AMCV_*', 'AMCVS_*', 'kndctr_*', { name: 'demdex', domain: 'demdex.net' }],
    globals: ['s_gi', 'alloy', 'AppMeasurement'], hits: adobeHits,
  },
  {
    id: 'adobe_launch', name: 'Adobe Experience Platform Launch', kind: 'tag_manager', needs_consent: false, auto_hit: false,
    script: [{ host: 'assets.adobedtm.com', path: /\.js$/ }],
    beacon: [], cookies: [], globals: ['_satellite'], hits: noHits,
  },
  {
    id: 'meta_pixel', name: 'Meta (Facebook) pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'connect.facebook.net', path: /^\/(?:[a-zA-Z_]+\/fbevents\.js|signals\/config\/)/ }],
    beacon: [
      { host: 'facebook.com', path: /^\/tr\/?$/ },
      { host: 'facebook.com', path: /^\/privacy_sandbox\/pixel\/register\/trigger\/?$/ },
    ],
    cookies: ['_fbp', '_fbc', { name: 'fr', domain: 'facebook.com' }],
    globals: ['fbq', '_fbq'], snippets: [/connect\.facebook\.net\/[a-zA-Z_]+\/fbevents\.js/],
    hits: metaHits, scriptId: pathId(/^\/signals\/config\/(\d+)/),
  },
  {
    id: 'linkedin', name: 'LinkedIn Insight Tag', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'snap.licdn.com', path: /^\/li\.lms-analytics\/insight(?:\.min|\.beta)?\.js$/ }],
    beacon: [{ host: 'px.ads.linkedin.com', path: /^\/(?:collect|wa|attribution_trigger)\b/ }, { host: 'dc.ads.linkedin.com', path: /^\/(?:collect|wa)\b/ }],
    cookies: ['li_fat_id', 'li_sugr', 'li_giant', { name: 'bcookie', domain: 'linkedin.com' }, { name: 'lidc', domain: 'linkedin.com' },
      { name: 'UserMatchHistory', domain: 'linkedin.com' }, { name: 'AnalyticsSyncHistory', domain: 'linkedin.com' }],
    globals: ['_linkedin_partner_id', '_linkedin_data_partner_ids', 'lintrk'],
    hits: queryHits({ id: 'pid', event: 'conversionId', location: 'url' }, (p) => !p.get('conversionId')),
  },
  {
    id: 'tiktok', name: 'TikTok pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'analytics.tiktok.com', path: /^\/i18n\/pixel\// }],
    beacon: [{ host: 'analytics.tiktok.com', path: /^\/api\/v\d\/pixel/ }],
    cookies: ['_ttp', '_tt_enable_cookie', 'ttcsid', 'ttcsid_*'], globals: ['ttq'],
    hits: jsonHits({ id: 'pixel_code', event: 'event', location: 'url' }, (e) => e === 'Pageview'),
    scriptId: q('sdkid'),
  },
  {
    id: 'pinterest', name: 'Pinterest tag', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 's.pinimg.com', path: /^\/ct\/(?:core|lib\/.+)\.js$/ }],
    beacon: [{ host: 'ct.pinterest.com', path: /^\/(?:v3|user)\/?$/ }],
    cookies: ['_pin_unauth', '_pinterest_ct_ua', '_pinterest_ct_rt', '_epik', '_derived_epik', { name: '_pinterest_sess', domain: 'pinterest.com' }],
    globals: ['pintrk'],
    hits: queryHits({ id: 'tid', event: 'event', location: 'pd' }, (p) => p.get('event') === 'pagevisit'),
  },
  {
    id: 'twitter', name: 'X (Twitter) pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'static.ads-twitter.com', path: /^\/(?:uwt|oct)\.js$/ }],
    beacon: [{ host: 't.co', path: /^\/(?:1\/)?i\/adsct$/ }, { host: 'analytics.twitter.com', path: /^\/(?:1\/)?i\/adsct$/ }],
    cookies: ['_twclid', { name: 'muc_ads', domain: 't.co' }, { name: 'personalization_id', domain: 'twitter.com' },
      { name: 'guest_id*', domain: 'twitter.com' }, { name: 'personalization_id', domain: 'x.com' }, { name: 'guest_id*', domain: 'x.com' }],
    globals: ['twq'],
    hits: queryHits({ id: 'txn_id', event: 'events', location: 'tw_document_href' }, (p) => /pageview/i.test(p.get('events') ?? '')),
  },
  {
    id: 'snowplow', name: 'Snowplow', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'cdn.jsdelivr.net', path: /\/@snowplow\/javascript-tracker/ }],
    beacon: [
      { host: '*', path: /\/com\.snowplowanalytics\.snowplow\/tp2$/ },
      { host: '*', path: /^\/i$/, query: /[?&]tv=js-[\d.]+/ },
    ],
    cookies: ['_sp_id.*', '_sp_ses.*'], globals: ['GlobalSnowplowNamespace'], hint_globals: ['snowplow'],
    hits: (u, b) => {
      const bags = u.pathname.endsWith('/i') ? [params(u, b)] : jsonAll(b, 'e').map((e, i) => new URLSearchParams({ e, aid: jsonAll(b, 'aid')[i] ?? '', url: jsonAll(b, 'url')[i] ?? '' }));
      return bags.map((p) => fact({ id: p.get('aid') || null, event: p.get('e'), location: p.get('url') || null, pageview: p.get('e') === 'pv' }));
    },
  },
  {
    id: 'simple_analytics', name: 'Simple Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'scripts.simpleanalyticscdn.com', path: /\.js$/ }],
    beacon: [{ host: 'queue.simpleanalyticscdn.com', path: /^\// }],
    cookies: [], globals: ['sa_event', 'sa_loaded'],
    hits: (u, b) => [fact({ id: jsonField(b, 'hostname') ?? u.searchParams.get('hostname'), event: jsonField(b, 'type') ?? u.searchParams.get('type'),
      location: jsonField(b, 'path') ?? u.searchParams.get('path'), pageview: (jsonField(b, 'type') ?? u.searchParams.get('type')) === 'pageview' })],
  },
  {
    id: 'umami', name: 'Umami', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'cloud.umami.is', path: /^\/script\.js$/ }, { host: '*', path: /\/umami\.js$/ }],
    beacon: [{ host: 'cloud.umami.is', path: /^\/api\/send$/ }, { host: 'api-gateway.umami.dev', path: /^\/api\/send$/ }],
    proxied: [{ path: /\/api\/send$/, body: /"type"\s*:\s*"(?:event|identify)".*"website"\s*:\s*"[0-9a-f-]{36}"/s }],
    cookies: [], globals: ['umami'],
    hits: (_u, b) => [fact({ id: jsonField(b, 'website'), event: jsonField(b, 'name') ?? 'pageview', location: jsonField(b, 'url'), pageview: !jsonField(b, 'name') })],
  },
  {
    id: 'yandex_metrica', name: 'Yandex Metrica', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: /^mc\.yandex\.[a-z.]+$/, path: /^\/metrika\/(?:tag|watch)(?:_ww)?\.js$/ }, { host: 'cdn.jsdelivr.net', path: /^\/npm\/yandex-metrica-watch\// }],
    beacon: [{ host: /^mc\.yandex\.[a-z.]+$/, path: /^\/(?:watch|webvisor|clmap)\/\d+/ }, { host: 'mc.webvisor.org', path: /^\/(?:watch|webvisor|clmap)\/\d+/ }],
    cookies: ['_ym_*', { name: 'yandexuid', domain: 'yandex.ru' }, { name: 'yuidss', domain: 'yandex.ru' }],
    globals: ['ym'], hint_globals: ['Ya'],
    hits: (u) => [fact({ id: /^\/\w+\/(\d+)/.exec(u.pathname)?.[1] ?? null, location: u.searchParams.get('page-url') })],
  },
  {
    id: 'bing_uet', name: 'Microsoft Advertising UET', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'bat.bing.com', path: /^\/(?:bat\.js|p\/action\/\d+\.js)$/ }],
    beacon: [{ host: 'bat.bing.com', path: /^\/action\// }, { host: 'bat.bing.net', path: /^\/action\// }],
    cookies: ['_uetsid', '_uetvid', '_uetmsclkid', { name: 'MUID', domain: 'bing.com' }, { name: 'MR', domain: 'bing.com' }],
    globals: ['UET', 'uetq'],
    hits: queryHits({ id: 'ti', event: 'evt', location: 'p' }, (p) => p.get('evt') === 'pageLoad'),
  },
  {
    id: 'hubspot', name: 'HubSpot analytics', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'hs-scripts.com', path: /^\/\d+\.js$/ }, { host: 'hs-analytics.net', path: /^\/analytics\/.+\.js$/ }],
    beacon: [{ host: 'hubspot.com', path: /^\/__pt[qc]\.gif$/ }],
    cookies: ['__hstc', 'hubspotutk', '__hssc', '__hssrc'], globals: ['_hsq'],
    hits: queryHits({ id: 'a', event: 'k', location: 'u' }), scriptId: pathId(/^\/(\d+)\.js$/),
  },
  {
    id: 'cloudflare_web_analytics', name: 'Cloudflare Web Analytics', kind: 'analytics', needs_consent: false, auto_hit: false,
    script: [{ host: 'static.cloudflareinsights.com', path: /^\/beacon(?:\.min)?\.js/ }],
    beacon: [{ host: '*', path: /^\/cdn-cgi\/rum$/ }],
    cookies: [], globals: ['__cfBeacon'],
    hits: (_u, b) => [fact({ id: jsonField(b, 'siteToken'), location: jsonField(b, 'location') })],
  },
  {
    id: 'vercel_analytics', name: 'Vercel Web Analytics', kind: 'analytics', needs_consent: false, auto_hit: true,
    script: [{ host: 'va.vercel-scripts.com', path: /\/script(?:\.debug)?\.js$/ }, { host: '*', path: /^\/_vercel\/insights\/script\.js$/ }],
    beacon: [{ host: '*', path: /^\/_vercel\/insights\/(?:view|event|session)$/ }],
    cookies: [], globals: [], hint_globals: ['va'],
    hits: (u, b) => [fact({ event: u.pathname.endsWith('/view') ? 'pageview' : jsonField(b, 'en'), location: jsonField(b, 'o'), pageview: u.pathname.endsWith('/view') })],
  },
  {
    id: 'fullstory', name: 'FullStory', kind: 'session_replay', needs_consent: true, auto_hit: false,
    script: [{ host: 'edge.fullstory.com', path: /^\/s\/fs\.js$/ }],
    beacon: [{ host: 'rs.fullstory.com', path: /^\/rec\// }],
    cookies: ['fs_uid', 'fs_lua', 'fs_cid'], globals: ['_fs_namespace'], hint_globals: ['FS'],
    hits: (u) => [fact({ id: u.searchParams.get('OrgId') })],
  },
  {
    id: 'reddit_pixel', name: 'Reddit pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'redditstatic.com', path: /^\/ads\/pixel\.js$/ }],
    beacon: [{ host: 'alb.reddit.com', path: /^\/rp\.gif$/ }],
    cookies: ['_rdt_uuid', '_rdt_cid'], globals: ['rdt'],
    hits: queryHits({ id: 'id', event: 'event', location: 'uuid' }, (p) => p.get('event') === 'PageVisit'),
  },
  {
    id: 'snap_pixel', name: 'Snap pixel', kind: 'advertising', needs_consent: true, auto_hit: true,
    script: [{ host: 'sc-static.net', path: /^\/scevent\.min\.js$/ }],
    beacon: [{ host: 'tr.snapchat.com', path: /^\/(?:p|cm\/[a-z]+|gated\/.*)$/ }],
    cookies: ['_scid', '_scid_r', '_sctr', { name: 'sc_at', domain: 'snapchat.com' }], globals: ['snaptr'],
    hits: queryHits({ id: 'pid', event: 'ev', location: 'pl' }, (p) => p.get('ev') === 'PAGE_VIEW'),
  },
  {
    id: 'criteo', name: 'Criteo OneTag', kind: 'advertising', needs_consent: true, auto_hit: false,
    script: [{ host: 'static.criteo.net', path: /^\/js\/ld\/ld\.js$/ }, { host: 'dynamic.criteo.com', path: /^\/js\/ld\/ld\.js$/ }],
    beacon: [{ host: 'criteo.com', path: /^\/(?:m\/)?event$/ }],
    cookies: ['cto_bundle', 'cto_bidid', { name: 'uid', domain: 'criteo.com' }], globals: ['criteo_q'],
    hits: queryHits({ id: 'a' }),
  },
  {
    id: 'baidu_tongji', name: 'Baidu Tongji', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'hm.baidu.com', path: /^\/hm\.js$/ }],
    beacon: [{ host: 'hm.baidu.com', path: /^\/hm\.gif$/ }],
    cookies: ['Hm_lvt_*', 'Hm_lpvt_*', 'HMACCOUNT'], globals: ['_hmt'],
    hits: queryHits({ id: 'si', event: 'et', location: 'u' }), scriptId: (u) => u.search.slice(1) || null,
  },
  {
    id: 'statcounter', name: 'StatCounter', kind: 'analytics', needs_consent: true, auto_hit: true,
    script: [{ host: 'statcounter.com', path: /^\/counter\/counter(?:_xhtml)?\.js$/ }],
    beacon: [{ host: 'c.statcounter.com', path: /^\/t\.php$/ }],
    cookies: ['sc_is_visitor_unique', 'is_unique'], globals: ['sc_project'],
    hits: queryHits({ id: 'sc_project', location: 'u' }),
  },
];

// ---------------------------------------------------------------------------------------------
// Matchers.

const VENDOR_BY_ID = new Map(VENDORS.map((v) => [v.id, v]));

export function vendorById(id: string): Vendor | undefined {
  return VENDOR_BY_ID.get(id);
}

function parseHttpUrl(url: string): URL | null {
  try {
    const u = new URL(url);
    return /^(?:https?|wss?):$/.test(u.protocol) ? u : null;
  } catch {
    return null;
  }
}

function hostMatches(rule: UrlRule['host'], host: string): boolean {
  if (rule === '*') return true;
  if (rule instanceof RegExp) return rule.test(host);
  return host === rule || host.endsWith(`.${rule}`);
}

function ruleMatches(rule: UrlRule, u: URL): boolean {
  return hostMatches(rule.host, u.hostname.toLowerCase()) && rule.path.test(u.pathname) && (!rule.query || rule.query.test(u.search));
}

function firstVendor(url: string, pick: (v: Vendor) => UrlRule[]): Vendor | null {
  const u = parseHttpUrl(url);
  if (!u) return null;
  return VENDORS.find((v) => pick(v).some((r) => ruleMatches(r, u))) ?? null;
}

/** The vendor a hit (beacon) URL reports to; scheme-agnostic, by host and path. */
export function matchBeacon(url: string): Vendor | null {
  return firstVendor(url, (v) => v.beacon);
}

/** The vendor whose tag this script URL loads. */
export function matchScript(url: string): Vendor | null {
  return firstVendor(url, (v) => v.script);
}

/** The vendor behind a first-party proxy endpoint, recognised by path and body (e.g. Plausible via /api/event). */
export function matchProxiedHit(url: string, postData: string | null): Vendor | null {
  const u = parseHttpUrl(url);
  if (!u || !postData) return null;
  return VENDORS.find((v) => v.proxied?.some((p) => p.path.test(u.pathname) && p.body.test(postData))) ?? null;
}

/** True for hit requests, including proxied ones recognised by their body: capture may stub these too. */
export function isBeaconRequest(url: string, postData: string | null): boolean {
  return matchBeacon(url) !== null || matchProxiedHit(url, postData) !== null;
}

/** True for URLs capture answers locally with 204 so that QA traffic never reaches the customer's analytics. */
export function isBeaconUrl(url: string): boolean {
  return matchBeacon(url) !== null;
}

const globRegex = new Map<string, RegExp>();
function glob(pattern: string): RegExp {
  let re = globRegex.get(pattern);
  if (!re) {
    re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    globRegex.set(pattern, re);
  }
  return re;
}

function cookieRuleMatches(rule: CookieRule, name: string, domain: string | undefined): boolean {
  if (typeof rule === 'string') return glob(rule).test(name);
  if (!domain || !glob(rule.name).test(name)) return false;
  const d = domain.replace(/^\./, '').toLowerCase();
  return d === rule.domain || d.endsWith(`.${rule.domain}`);
}

/** The vendor that sets a cookie of this name (and, for generic names like `fr`, this domain). */
export function matchCookie(name: string, domain?: string): Vendor | null {
  return VENDORS.find((v) => v.cookies.some((r) => cookieRuleMatches(r, name, domain))) ?? null;
}

/** Every measurement global capture reads on window (proof and hint globals alike). */
export const KNOWN_GLOBALS: string[] = [...new Set(VENDORS.flatMap((v) => [...v.globals, ...(v.hint_globals ?? [])]))].sort();

/** The vendors a window global proves ran (hint globals excluded). */
export function vendorsOfGlobal(name: string): Vendor[] {
  return VENDORS.filter((v) => v.globals.includes(name));
}

/** The hits one beacon request carries (several when events are batched); [] for a non-beacon URL. */
export function parseHits(url: string, postData: string | null): Hit[] {
  const u = parseHttpUrl(url);
  const vendor = u ? matchBeacon(url) ?? matchProxiedHit(url, postData) : null;
  if (!u || !vendor) return [];
  let facts: HitFact[];
  try {
    facts = vendor.hits(u, postData);
  } catch {
    facts = [];
  }
  if (!facts.length) facts = [fact({})];
  return facts.map((f) => ({ vendor: vendor.id, ...f }));
}

/** The property id of a beacon (GA4 `tid=G-…`, Meta `id=…`) or of a tag script (`gtm.js?id=GTM-…`). */
export function measurementId(url: string, postData: string | null = null): string | null {
  const hit = parseHits(url, postData).find((h) => h.id);
  if (hit) return hit.id;
  const u = parseHttpUrl(url);
  const vendor = u ? matchScript(url) : null;
  return u && vendor?.scriptId ? vendor.scriptId(u) : null;
}

/** Identifies one hit for duplicate detection: vendor, property, event and page location. */
export function hitKey(url: string, postData: string | null = null): string | null {
  const hit = parseHits(url, postData)[0];
  return hit ? keyOf(hit) : null;
}

export function keyOf(hit: Hit): string {
  return [hit.vendor, hit.id ?? '', hit.event ?? '', hit.location ?? ''].join('|');
}

/** The categorised third-party entity of a URL or host (from third-party-web), for naming unknown parties. */
export function thirdPartyEntity(urlOrHost: string): { name: string; category: string } | null {
  const target = /^[a-z]+:\/\//i.test(urlOrHost) ? urlOrHost : `https://${urlOrHost.replace(/^\./, '')}/`;
  try {
    const e = thirdPartyWeb.getEntity(target);
    return e ? { name: e.name, category: e.category } : null;
  } catch {
    return null;
  }
}
