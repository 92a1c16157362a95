// Measurement vendors as data (analytics, tag managers, ad pixels, session replay) and the pure
// matchers capture and checks share: which URL is a tag, which is a hit, which cookie is whose.
// Beacon patterns are deliberately narrow: capture answers them locally with 204, so a pattern
// that also matched a tag script or an API call would break the audited page.
import thirdPartyWeb from 'third-party-web';
import { VENDORS } from './vendor-catalogue.js';
import { fact } from './vendor-hits.js';
import type { UrlRule, CookieRule, HitFact, Hit, Vendor } from './vendor-types.js';

export { VENDORS };
export type { VendorKind, UrlRule, CookieRule, HitFact, Hit, Vendor } from './vendor-types.js';

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
