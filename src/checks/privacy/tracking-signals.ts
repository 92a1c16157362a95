// Shared derived view for the privacy checks: the consent-requiring tracking one observation shows
// (hits and cookies of vendors flagged needs_consent), merged over observations per vendor. Pure.
import type { CookieRecord } from '../../evidence/types.js';
import type { Vendor } from '../../evidence/vendors.js';
import { capped, shortUrl, type HitSeen, type Observation } from '../tracking/observations.js';

export interface TrackingSignal {
  vendor: Vendor;
  hits: HitSeen[];
  cookies: CookieRecord[];
  /** Hits that declared storage consent denied (Google consent mode): not counted as tracking. */
  denied_pings: number;
  pages: Set<string>;
}

/** Consent-requiring tracking in these observations, by vendor. */
export function trackingSignals(observations: Observation[]): Map<string, TrackingSignal> {
  const out = new Map<string, TrackingSignal>();
  for (const o of observations) {
    for (const s of o.vendors.values()) {
      if (!s.vendor.needs_consent) continue;
      const denied = s.hits.filter((h) => h.consent_denied);
      let hits = s.hits.filter((h) => !h.consent_denied);
      // Cookieless setups of some vendors are exempt (CNIL's audience-measurement exemption): hits count
      // only when the vendor also set its cookies.
      if (s.vendor.cookieless_exempt && !s.cookies.length) hits = [];
      const e = out.get(s.vendor.id) ?? { vendor: s.vendor, hits: [], cookies: [], denied_pings: 0, pages: new Set<string>() };
      e.denied_pings += denied.length;
      if (!hits.length && !s.cookies.length) {
        out.set(s.vendor.id, e);
        continue;
      }
      e.hits.push(...hits);
      for (const c of s.cookies) if (!e.cookies.some((x) => x.name === c.name && x.domain === c.domain)) e.cookies.push(c);
      e.pages.add(o.mode ? `${o.url} (${o.mode})` : o.url);
      out.set(s.vendor.id, e);
    }
  }
  return out;
}

/** Signals that are actual tracking (a hit or a cookie), as compact evidence rows. */
export function trackingRows(signals: Map<string, TrackingSignal>): Record<string, unknown>[] {
  return [...signals.values()]
    .filter((s) => s.hits.length || s.cookies.length)
    .map((s) => ({
      vendor: s.vendor.id,
      name: s.vendor.name,
      kind: s.vendor.kind,
      hits: s.hits.length,
      sample_hits: [...new Set(s.hits.map((h) => shortUrl(h.url, 160)))].slice(0, 3),
      cookies: capped(s.cookies.map((c) => `${c.name} (${c.domain})`), 10).items,
    }));
}

export function deniedPings(signals: Map<string, TrackingSignal>): number {
  return [...signals.values()].reduce((n, s) => n + s.denied_pings, 0);
}
