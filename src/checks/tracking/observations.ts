// Shared derived view for the tracking and privacy checks: which measurement vendors each page or
// consent load shows, through tag scripts, hits, window globals and cookies. Pure.
import type { ConsentLoad, ConsentMode, CookieRecord, EvidenceBundle, PageEvidence, RequestRecord } from '../../evidence/types.js';
import { VENDORS, matchCookie, matchScript, measurementId, parseHits, vendorById, type Hit, type Vendor } from '../../evidence/vendors.js';

export interface HitSeen extends Hit {
  url: string;
  /** The request reached its endpoint or was answered locally (not failed, not refused by our guard). */
  delivered: boolean;
  start_ms: number;
}

export interface VendorSighting {
  vendor: Vendor;
  /** Tag scripts that loaded (2xx/3xx), with the property id they were loaded for. `in_document` is false
   *  when the page's DOM facts do not list the script: it most likely ran in an embedded iframe. */
  scripts: { url: string; id: string | null; in_document: boolean }[];
  /** Tag scripts that failed, were cut off or were refused by our guard: the tag never ran. */
  failed_scripts: string[];
  hits: HitSeen[];
  /** Globals that the tag's snippet or script defines (proof that its code ran on the page). */
  globals: string[];
  cookies: CookieRecord[];
}

export interface Observation {
  /** The page URL, or the consent load's URL. */
  url: string;
  mode: ConsentMode | null;
  vendors: Map<string, VendorSighting>;
  /** Hint globals present (dataLayer, gtag, analytics…): measurement code may be there. */
  hint_globals: string[];
}

function sighting(map: Map<string, VendorSighting>, vendor: Vendor): VendorSighting {
  let s = map.get(vendor.id);
  if (!s) {
    s = { vendor, scripts: [], failed_scripts: [], hits: [], globals: [], cookies: [] };
    map.set(vendor.id, s);
  }
  return s;
}

function scriptLoaded(r: RequestRecord): boolean {
  return !r.blocked && r.failure === null && r.status !== null && r.status < 400;
}

export interface ObserveOptions {
  /** Hits about a page on another site come from an embedded widget (its own analytics), not from the site. */
  isFirstParty?: (url: string) => boolean;
  /** Script URLs of the main document; null when unknown (then every tag script counts as the page's own). */
  documentScripts?: Set<string> | null;
}

function foreign(location: string | null, isFirstParty: ObserveOptions['isFirstParty']): boolean {
  if (!location || !isFirstParty || !/^https?:\/\//i.test(location)) return false;
  return !isFirstParty(location);
}

export function observe(
  url: string, mode: ConsentMode | null, requests: RequestRecord[], globals: string[], cookies: CookieRecord[],
  opts: ObserveOptions = {},
): Observation {
  const vendors = new Map<string, VendorSighting>();
  for (const r of requests) {
    if (r.is_navigation) continue;
    const hits = parseHits(r.url, r.post_data);
    if (hits.length) {
      const delivered = r.beacon_stubbed || (!r.blocked && r.failure === null);
      for (const h of hits) {
        if (foreign(h.location, opts.isFirstParty)) continue;
        sighting(vendors, vendorById(h.vendor)!).hits.push({ ...h, url: r.url, delivered, start_ms: r.start_ms });
      }
      continue;
    }
    const tag = matchScript(r.url);
    if (tag && scriptLoaded(r)) {
      const in_document = !opts.documentScripts || opts.documentScripts.has(r.url);
      sighting(vendors, tag).scripts.push({ url: r.url, id: measurementId(r.url), in_document });
    } else if (tag) {
      sighting(vendors, tag).failed_scripts.push(r.url);
    }
  }
  for (const g of globals) {
    for (const v of VENDORS.filter((v) => v.globals.includes(g))) sighting(vendors, v).globals.push(g);
  }
  for (const c of cookies) {
    const v = matchCookie(c.name, c.domain);
    if (v) sighting(vendors, v).cookies.push(c);
  }
  const hint_globals = globals.filter((g) => VENDORS.some((v) => v.hint_globals?.includes(g)));
  return { url, mode, vendors, hint_globals };
}

/** DOM facts cap their script list at 200; a capped list cannot prove a script absent. */
const DOM_SCRIPT_CAP = 200;

export function observePage(page: PageEvidence, isFirstParty?: (url: string) => boolean): Observation {
  const scripts = page.dom?.scripts;
  const documentScripts = scripts && scripts.length < DOM_SCRIPT_CAP
    ? new Set(scripts.map((s) => s.src).filter((s): s is string => !!s))
    : null;
  return observe(page.final_url || page.url, null, page.requests, page.globals, page.cookies, { isFirstParty, documentScripts });
}

export function observeLoad(load: ConsentLoad, isFirstParty?: (url: string) => boolean): Observation {
  return observe(load.url, load.mode, load.requests, load.globals, load.cookies, { isFirstParty });
}

export function consentLoad(bundle: EvidenceBundle, mode: ConsentMode): ConsentLoad | null {
  return bundle.consent?.loads.find((l) => l.mode === mode) ?? null;
}

/** A page that answered with HTML on the audited site: the pages a tag is expected on. */
export function isHtmlPage(page: PageEvidence, isFirstParty: (url: string) => boolean): boolean {
  if (page.status === null || page.status >= 400 || page.navigation_error) return false;
  const type = page.headers['content-type'] ?? '';
  if (type && !/html/i.test(type)) return false;
  return isFirstParty(page.final_url || page.url);
}

/** Kinds whose presence means the site is measured (ad pixels and tag managers alone do not). */
export function isAnalytics(v: Vendor): boolean {
  return v.kind === 'analytics' || v.kind === 'session_replay';
}

/** The vendor is present: a loaded tag, a proving global, or a hit. */
export function present(s: VendorSighting | undefined): boolean {
  return !!s && (s.scripts.length > 0 || s.globals.length > 0 || s.hits.length > 0);
}

/** Compact list for evidence: the first `cap` items and how many more there were. */
export function capped<T>(items: T[], cap = 20): { items: T[]; more: number } {
  return { items: items.slice(0, cap), more: Math.max(0, items.length - cap) };
}

/** Shortens a URL for evidence: long query strings make findings unreadable. */
export function shortUrl(url: string, max = 200): string {
  return url.length > max ? `${url.slice(0, max)}…` : url;
}
