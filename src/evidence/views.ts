// Derived views of an evidence bundle, computed once per run and shared by every check.
import { createRequire } from 'node:module';
import type { EvidenceBundle, PageEvidence, RequestRecord } from './types.js';

// CommonJS through require: importing it as an ES module costs the command's start ~50 ms of export scanning.
const { getDomain } = createRequire(import.meta.url)('tldts') as typeof import('tldts');

export interface EvidenceViews {
  /** Origin of the start URL after redirects. */
  origin: string;
  /** Registrable domain of the site (e.g. example.co.uk), or the host for IPs/localhost. */
  siteDomain: string;
  /** Pages whose main document answered (status not null). */
  loadedPages: PageEvidence[];
  /** True when the URL belongs to the audited site (same registrable domain). */
  isFirstParty(url: string): boolean;
  /** Path plus query of a URL, for locators and display. */
  pathOf(url: string): string;
  /** Requests of a page that are not the page's own documents. */
  subresources(page: PageEvidence): RequestRecord[];
}

export function domainOf(url: string): string | null {
  try {
    const host = new URL(url).hostname;
    return getDomain(host, { allowPrivateDomains: true }) ?? host;
  } catch {
    return null;
  }
}

export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

export function buildViews(bundle: EvidenceBundle): EvidenceViews {
  const first = bundle.pages[0];
  const startUrl = first?.final_url || bundle.run.url;
  let origin = bundle.site.origin;
  try {
    origin = new URL(startUrl).origin;
  } catch {
    /* keep the recorded origin */
  }
  const siteDomain = domainOf(startUrl) ?? '';
  return {
    origin,
    siteDomain,
    loadedPages: bundle.pages.filter((p) => p.status !== null),
    isFirstParty: (url) => domainOf(url) === siteDomain,
    pathOf,
    subresources: (page) => page.requests.filter((r) => !r.is_navigation),
  };
}
