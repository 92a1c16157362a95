// The report's picture data, drawn from evidence: each page's thumbnail and load timeline, and the
// consent states side by side with what was sent in each. Pure; images are referenced by id only.
import type { ConsentEvidence, ConsentMode, ElementRect, PageEvidence, PageShot } from '../evidence/types.js';
import { domainOf } from '../evidence/views.js';
import { matchBeacon, matchProxiedHit } from '../evidence/vendors.js';
import { hostOf } from './html/format.js';

/** When the page's first and largest paint happened, what shifted, and when it finished loading. */
export interface PageTimeline {
  ttfb_ms: number | null;
  fcp_ms: number | null;
  lcp_ms: number | null;
  load_ms: number | null;
  cls: number | null;
  lcp_element: { node: string; rect: ElementRect | null } | null;
  shifts: { start_ms: number; value: number; sources: { node: string; rect: ElementRect | null; was?: ElementRect | null }[] }[];
}

export function pageTimeline(p: PageEvidence): PageTimeline | null {
  const perf = p.performance;
  if (!perf) return null;
  return {
    ttfb_ms: perf.ttfb_ms, fcp_ms: perf.fcp_ms, lcp_ms: perf.lcp_ms, load_ms: perf.load_ms, cls: perf.cls,
    lcp_element: perf.lcp_element ?? null,
    shifts: (perf.shifts ?? []).slice(0, 10),
  };
}

/** Requests of one consent state that left the site, grouped by host. */
export interface SentParty {
  host: string;
  requests: number;
  /** The analytics or ads vendor whose hits these were, when recognised. */
  beacon_vendor: string | null;
}

export interface ReportConsentLoad {
  mode: ConsentMode;
  action_taken: boolean;
  clicked: string | null;
  error: string | null;
  screenshot: PageShot | null;
  sent: SentParty[];
  cookies: { name: string; domain: string }[];
}

export interface ReportConsent {
  banner_detected: boolean;
  loads: ReportConsentLoad[];
}

const MAX_PARTIES = 20;
const MAX_COOKIES = 30;

export function consentStates(consent: ConsentEvidence | null | undefined, siteUrl: string): ReportConsent | undefined {
  if (!consent) return undefined;
  const site = domainOf(siteUrl);
  return {
    banner_detected: consent.banner.detected,
    loads: consent.loads.map((l) => {
      const parties = new Map<string, SentParty>();
      for (const r of l.requests) {
        if (r.is_navigation || domainOf(r.url) === site) continue;
        const host = hostOf(r.url);
        const party = parties.get(host) ?? { host, requests: 0, beacon_vendor: null };
        party.requests++;
        party.beacon_vendor ??= (matchBeacon(r.url) ?? matchProxiedHit(r.url, r.post_data))?.name ?? null;
        parties.set(host, party);
      }
      const sent = [...parties.values()].sort((a, b) => Number(!!b.beacon_vendor) - Number(!!a.beacon_vendor) || b.requests - a.requests || a.host.localeCompare(b.host));
      const cookies = [...l.cookies].sort((a, b) => a.name.localeCompare(b.name) || a.domain.localeCompare(b.domain)).slice(0, MAX_COOKIES).map((c) => ({ name: c.name, domain: c.domain }));
      return { mode: l.mode, action_taken: l.action_taken, clicked: l.clicked, error: l.error, screenshot: l.screenshot ?? null, sent: sent.slice(0, MAX_PARTIES), cookies };
    }),
  };
}
