// Every sign that a measurement tag is installed, whether or not it ever sent anything: its configuration
// queued in the page, its loader requested (even when that failed or was blocked), consent-gated
// placeholders, and delivered hits. Shared by none_detected and installed_not_firing. Pure.
import type { EvidenceBundle, RequestRecord, TagConfigEntry } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { matchScript, measurementId, vendorById, type Vendor } from '../../evidence/vendors.js';
import { reasonOf } from '../http/support/outcome.js';
import { allObservations } from './consent-context.js';
import { consentPlaceholders } from './placeholders.js';

export interface LoaderAttempt {
  url: string;
  id: string | null;
  /** Where it was requested: a crawled page or a consent load (`url (accept)`). */
  seen_on: string;
  loaded: boolean;
  /** Why it did not load: a failure reason (dns, csp…), `http_<status>`, `unfinished` (no answer yet when recording ended), or null when it loaded. */
  reason: string | null;
}

export interface TagSignals {
  vendor: Vendor;
  ids: Set<string>;
  configured: { command: string; id: string | null; seen_on: string }[];
  loaders: LoaderAttempt[];
  placeholders: { category: string; src: string | null; page: string }[];
  /** Hits that reached their endpoint (or the audit's stub), on any page or consent load. */
  delivered_hits: number;
}

/** The vendor a configuration entry names, by the id's prefix or the queue it was read from. */
function configVendor(e: TagConfigEntry): Vendor | undefined {
  if (e.source === '_paq') return vendorById('matomo');
  if (e.source === 'fbq') return vendorById('meta_pixel');
  if (e.command === 'gtm.js') return vendorById('gtm');
  if (e.source === 'ga' || e.source === '_gaq') return /^UA-\d+-\d+$/i.test(e.id ?? '') ? vendorById('ua') : undefined;
  if (e.command !== 'config' && e.command !== 'container') return undefined;
  const prefix = /^(G|UA|GTM|GT|AW|DC)-/i.exec(e.id ?? '')?.[1]?.toUpperCase();
  const byPrefix: Record<string, string> = { G: 'ga4', UA: 'ua', GTM: 'gtm', GT: 'google_tag', AW: 'google_ads', DC: 'google_ads' };
  return prefix ? vendorById(byPrefix[prefix]!) : undefined;
}

function attempt(r: RequestRecord, seenOn: string, blocked: EvidenceBundle['blocked'], offline: string | null): LoaderAttempt {
  const reason = reasonOf(r, blocked, offline);
  const loaded = !r.blocked && r.failure === null && r.status !== null && r.status < 400;
  // No answer, no failure, not blocked: still in flight when the page was closed (or the document left,
  // a meta refresh): nothing is known of it.
  const unfinished = r.status === null && r.failure === null && !r.blocked;
  return { url: r.url, id: measurementId(r.url), seen_on: seenOn, loaded, reason: loaded ? null : reason ?? (r.status !== null ? `http_${r.status}` : unfinished ? 'unfinished' : 'other') };
}

export function tagSignals(evidence: EvidenceBundle, views: EvidenceViews): Map<string, TagSignals> {
  const out = new Map<string, TagSignals>();
  const entry = (v: Vendor) => {
    let s = out.get(v.id);
    if (!s) out.set(v.id, (s = { vendor: v, ids: new Set(), configured: [], loaders: [], placeholders: [], delivered_hits: 0 }));
    return s;
  };
  const sources: { url: string; requests: RequestRecord[]; config: TagConfigEntry[] }[] = [
    ...views.loadedPages.map((p) => ({ url: p.final_url || p.url, requests: p.requests, config: p.tag_config ?? [] })),
    ...(evidence.consent?.loads ?? []).map((l) => ({ url: `${l.url} (${l.mode})`, requests: l.requests, config: l.tag_config ?? [] })),
  ];
  for (const src of sources) {
    for (const e of src.config) {
      const v = configVendor(e);
      if (!v) continue;
      const s = entry(v);
      s.configured.push({ command: e.command, id: e.id, seen_on: src.url });
      if (e.id) s.ids.add(e.id);
    }
    for (const r of src.requests) {
      const v = r.is_navigation ? null : matchScript(r.url);
      if (!v) continue;
      const a = attempt(r, src.url, evidence.blocked, views.offline);
      entry(v).loaders.push(a);
      if (a.id) entry(v).ids.add(a.id);
    }
  }
  for (const page of views.loadedPages) {
    for (const p of consentPlaceholders(page.html?.content ?? '', page.final_url || page.url)) {
      const s = entry(p.vendor);
      s.placeholders.push({ category: p.category, src: p.src, page: page.final_url || page.url });
      if (p.id) s.ids.add(p.id);
    }
  }
  for (const o of allObservations(evidence, views)) {
    for (const s of o.vendors.values()) {
      const delivered = s.hits.filter((h) => h.delivered).length;
      if (delivered) entry(s.vendor).delivered_hits += delivered;
    }
  }
  return out;
}

/** The tag is installed on the site: configured, its loader requested, or held back for consent. */
export function installed(s: TagSignals): boolean {
  return s.configured.length > 0 || s.loaders.length > 0 || s.placeholders.length > 0;
}
