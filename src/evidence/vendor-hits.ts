// How each vendor's hit is read from a beacon URL and body: measurement id, event, page location.
import type { UrlRule, HitFact } from './vendor-types.js';

export function fact(over: Partial<HitFact>): HitFact {
  return { id: null, event: null, location: null, pageview: false, consent_denied: false, ...over };
}

export function formBody(body: string | null): URLSearchParams | null {
  if (!body || !/^[\w.%[\]-]+=/.test(body.trim())) return null;
  try {
    return new URLSearchParams(body.trim());
  } catch {
    return null;
  }
}

/** A string field of a JSON body, by regex so that truncated bodies still yield it. */
export function jsonField(body: string | null, key: string): string | null {
  if (!body) return null;
  const m = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(body);
  if (!m) return null;
  try {
    return JSON.parse(`"${m[1]}"`) as string;
  } catch {
    return m[1]!;
  }
}

export function jsonAll(body: string | null, key: string): string[] {
  if (!body) return [];
  const out: string[] = [];
  const re = new RegExp(`"${key}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`, 'g');
  for (let m = re.exec(body); m; m = re.exec(body)) out.push(m[1]!);
  return out;
}

/** Google consent mode: gcs=G1<ad_storage><analytics_storage>, 1 granted, 0 denied. */
export function gcsDenied(gcs: string | null, which: 'ad' | 'analytics'): boolean {
  const m = gcs ? /^G1([01])([01])$/.exec(gcs) : null;
  if (!m) return false;
  return (which === 'ad' ? m[1] : m[2]) === '0';
}

/** One parameter bag per event: GA4 batches events as body lines that extend the URL's shared parameters. */
export function eventBags(u: URL, body: string | null): URLSearchParams[] {
  const lines = (body ?? '').split(/\r?\n/).map((l) => l.trim()).filter((l) => /^[\w.%-]+=/.test(l));
  if (!lines.length) return [new URLSearchParams(u.search)];
  return lines.map((line) => {
    const bag = new URLSearchParams(u.search);
    for (const [k, v] of new URLSearchParams(line)) bag.set(k, v);
    return bag;
  });
}

/** Parameters from the query, overlaid with a url-encoded body when there is one. */
export function params(u: URL, body: string | null): URLSearchParams {
  const bag = new URLSearchParams(u.search);
  for (const [k, v] of formBody(body) ?? []) bag.set(k, v);
  return bag;
}

export function decodeMaybeBase64(s: string): string {
  const t = s.trim();
  if (t.startsWith('[') || t.startsWith('{')) return t;
  try {
    return Buffer.from(t, 'base64').toString('utf8');
  } catch {
    return t;
  }
}

export const ga4Hits = (u: URL, body: string | null): HitFact[] =>
  eventBags(u, body).map((p) =>
    fact({
      id: p.get('tid'), event: p.get('en'), location: p.get('dl'),
      pageview: p.get('en') === 'page_view', consent_denied: gcsDenied(p.get('gcs'), 'analytics'),
    }));

export const uaHits = (u: URL, body: string | null): HitFact[] => {
  const p = params(u, body);
  if (u.pathname.endsWith('__utm.gif')) {
    return [fact({ id: p.get('utmac'), event: p.get('utmt') ?? 'page', location: p.get('utmp'), pageview: !p.get('utmt') })];
  }
  return eventBags(u, body).map((b) =>
    fact({ id: b.get('tid'), event: b.get('t'), location: b.get('dl') ?? b.get('dp'), pageview: b.get('t') === 'pageview' }));
};

/** Hits whose facts are plain query (or url-encoded body) parameters. */
export function queryHits(keys: { id?: string; event?: string; location?: string }, isPageview: (p: URLSearchParams) => boolean = () => false) {
  return (u: URL, body: string | null): HitFact[] => {
    const p = params(u, body);
    const get = (k?: string) => (k ? p.get(k) : null);
    return [fact({ id: get(keys.id), event: get(keys.event), location: get(keys.location), pageview: isPageview(p) })];
  };
}

/** Hits whose facts are JSON body fields (possibly one per batched event). */
export function jsonHits(keys: { id?: string; event?: string; location?: string }, isPageview: (event: string | null) => boolean = () => false) {
  return (_u: URL, body: string | null): HitFact[] => {
    const events = keys.event ? jsonAll(body, keys.event) : [];
    const id = keys.id ? jsonField(body, keys.id) : null;
    const location = keys.location ? jsonField(body, keys.location) : null;
    if (!events.length) return [fact({ id, location })];
    return events.map((event) => fact({ id, event, location, pageview: isPageview(event) }));
  };
}

export const googleAdsHits = (u: URL, body: string | null): HitFact[] => {
  const p = params(u, body);
  const conv = /\/(?:conversion|viewthroughconversion|1p-conversion|1p-user-list)\/(\d+)/.exec(u.pathname);
  // Floodlight puts its parameters in the path: /activityi;src=123;type=…
  const src = /[;?&]src=(\d+)/.exec(u.pathname + u.search)?.[1];
  const id = conv ? `AW-${conv[1]}` : src ? `DC-${src}` : p.get('tid');
  return [fact({ id, event: p.get('label') ?? p.get('en'), location: p.get('url') ?? p.get('dl'), consent_denied: gcsDenied(p.get('gcs'), 'ad') })];
};

export const segmentHits = (u: URL, body: string | null): HitFact[] => {
  const kind = /\/v1\/([a-z]+)$/.exec(u.pathname)?.[1] ?? null;
  const type = jsonField(body, 'type') ?? kind;
  const pageview = type === 'page' || type === 'p';
  return [fact({ id: jsonField(body, 'writeKey'), event: jsonField(body, 'event') ?? type, location: jsonField(body, 'url'), pageview })];
};

export const fathomHits = (u: URL): HitFact[] => {
  const p = u.searchParams;
  const location = p.get('h') && p.get('p') !== null ? `${p.get('h')}${p.get('p')}` : null;
  return [fact({ id: p.get('sid'), event: p.get('name') ?? 'pageview', location, pageview: !p.get('name') })];
};

export const matomoHits = (u: URL, body: string | null): HitFact[] => {
  // Bulk requests carry one query string per event in a JSON "requests" array.
  const bulk = body?.trimStart().startsWith('{') ? body.match(/"\?[^"]*"/g) ?? [] : [];
  const bags = bulk.length ? bulk.map((s) => new URLSearchParams(s.slice(2, -1))) : [params(u, body)];
  return bags.map((p) => {
    const pageview = !['e_c', 'ping', 'link', 'download', 'c_n', 'search', 'idgoal'].some((k) => p.has(k));
    return fact({ id: p.get('idsite'), event: p.get('e_a') ?? (pageview ? 'pageview' : null), location: p.get('url'), pageview });
  });
};

export const mixpanelHits = (u: URL, body: string | null): HitFact[] => {
  const data = params(u, body).get('data');
  const json = data ? decodeMaybeBase64(data) : body;
  const id = jsonField(json, 'token');
  const events = jsonAll(json, 'event');
  if (!events.length) return [fact({ id })];
  return events.map((event) =>
    fact({ id, event, location: jsonField(json, 'current_url'), pageview: event === '$mp_web_page_view' || event === 'mp_page_view' }));
};

export const amplitudeHits = jsonHits({ id: 'api_key', event: 'event_type', location: 'page_location' },
  (e) => e === '[Amplitude] Page Viewed' || e === 'Page View' || e === 'Page Viewed');

export const metaHits = queryHits({ id: 'id', event: 'ev', location: 'dl' }, (p) => p.get('ev') === 'PageView');

export const adobeHits = (u: URL, body: string | null): HitFact[] => {
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

export const q = (name: string) => (u: URL) => u.searchParams.get(name);
export const pathId = (re: RegExp, prefix = '') => (u: URL) => {
  const m = re.exec(u.pathname);
  return m ? prefix + m[1] : null;
};
/** gtag.js is one script for GA4 (G-), Universal Analytics (UA-), Google Ads (AW-/DC-) and Google tags (GT-). */
export const gtagJs = (prefixes: string): UrlRule => ({ host: '*', path: /\/gtag\/js$/, query: new RegExp(`[?&]id=(?:${prefixes})-`, 'i') });
export const noHits = (): HitFact[] => [fact({})];
