// Derived views of an evidence bundle, computed once per run and shared by every check.
import { createRequire } from 'node:module';
import type { DomFacts, EvidenceBundle, PageEvidence, RequestRecord } from './types.js';
import type { RunFacts } from './run-facts.js';

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
  /**
   * Sub-resource URLs that loaded (2xx/3xx) on some loaded page of the run: the same file failing
   * without an answer on another page was a passing fault, not a missing file.
   */
  loadedUrls: ReadonlySet<string>;
  /** `host:port` (hostPortOf) of every host that answered a request of the run, documents included. */
  answeredHosts: ReadonlySet<string>;
  /**
   * An always-up host (fonts.googleapis.com…) that could not be reached while no public host answered:
   * the audit's machine had no internet access, so public hosts failing says nothing about the site
   * (src/evidence/offline.ts). Null when the run reached the internet or never tried.
   */
  offline: string | null;
  /**
   * The production host a local copy of a site copies (copy-host.ts localCopyOf), or null. Its files
   * are the site's own: first party, like the copy's.
   */
  localCopyOf: string | null;
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

/**
 * The host of a web address as people and the sitemap protocol write it: the name, lower-cased, and a
 * port only when it is not the scheme's default; '' for anything but an http(s) URL.
 */
/** The host name of a URL, lower-case, without IPv6 brackets or a trailing dot; '' when it is no URL. */
export function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  } catch {
    return '';
  }
}

/**
 * Whether a URL is the site's own: on the registrable domain of `siteUrl`, or, for a local copy, of the
 * production host it copies (its files there are the site's too).
 */
export function firstPartyTest(siteUrl: string, production: string | null): (url: string) => boolean {
  const own = new Set([domainOf(siteUrl), production ? domainOf(`http://${production}/`) : null].filter((d): d is string => d !== null));
  return (url) => own.has(domainOf(url) ?? '');
}

export function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.host.toLowerCase() : '';
  } catch {
    return '';
  }
}

/** The addresses a page names as its own: its canonical URLs and its `og:url`. */
export function declaredAddresses(dom: DomFacts): string[] {
  return [...dom.canonical, ...dom.meta.filter((m) => m.property === 'og:url' && m.content).map((m) => m.content!)];
}

/**
 * The hosts (as hostOf writes them) the pages name as their own address, canonical or og:url, each
 * with how many pages name it. Pages without DOM facts name nothing.
 */
export function declaredHosts(pages: readonly PageEvidence[]): Map<string, number> {
  const hosts = new Map<string, number>();
  for (const page of pages) {
    if (!page.dom) continue;
    for (const host of new Set(declaredAddresses(page.dom).map(hostOf))) if (host) hosts.set(host, (hosts.get(host) ?? 0) + 1);
  }
  return hosts;
}

/** `host:port` of a URL with the scheme's default port filled in ('' when unparsable): one server, whichever way a URL spells it. */
export function hostPortOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname.toLowerCase()}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return '';
  }
}

/** What is read once from the whole bundle, whatever parts a check declares (a restricted bundle may lack the pages' DOM or requests). */
/** `facts`: read once from the whole bundle (run-facts.ts), whatever part of it a check is handed. */
export function buildViews(bundle: EvidenceBundle, facts: RunFacts): EvidenceViews {
  const first = bundle.pages[0];
  const startUrl = first?.final_url || bundle.run.url;
  let origin = bundle.site.origin;
  try {
    origin = new URL(startUrl).origin;
  } catch {
    /* keep the recorded origin */
  }
  const siteDomain = domainOf(startUrl) ?? '';
  const loadedPages = bundle.pages.filter((p) => p.status !== null);
  const subresources = (page: PageEvidence) => page.requests.filter((r) => !r.is_navigation);
  const loadedUrls = new Set<string>();
  const answeredHosts = new Set<string>();
  for (const page of loadedPages) {
    answeredHosts.add(hostPortOf(page.final_url));
    // Evidence may lack the requests part (checks declare what they need): then nothing is known here.
    for (const r of page.requests ?? []) {
      if (r.status === null) continue;
      answeredHosts.add(hostPortOf(r.url));
      if (!r.is_navigation && r.status >= 200 && r.status < 400) loadedUrls.add(r.url);
    }
  }
  const production = facts.localCopyOf;
  return {
    origin,
    siteDomain,
    loadedPages,
    isFirstParty: firstPartyTest(startUrl, production),
    pathOf,
    subresources,
    loadedUrls,
    answeredHosts,
    localCopyOf: production,
    offline: facts.offline,
  };
}
