// Builders of minimal evidence for check tests: every field has a neutral default, tests set only
// what the case is about. Used by the valid/invalid tables beside each check.
import { EVIDENCE_SCHEMA_VERSION } from '../evidence/types.js';
import type { DomFacts, EvidenceBundle, PageEvidence, RequestRecord, ResourceCheck } from '../evidence/types.js';
import { runChecks } from './runner.js';
import type { Check, Finding } from './types.js';

export const T0 = '2026-01-01T00:00:00.000Z';

export function makeDom(over: Partial<DomFacts> = {}): DomFacts {
  return {
    lang: 'en', doctype: true, charset: 'utf-8', viewport: 'width=device-width, initial-scale=1',
    meta: [], canonical: [], hreflang: [], headings: [], links: [], script_links: [], forms: [],
    images: [], scripts: [], stylesheets: [], json_ld: [], iframes: [], text_length: 1000, element_count: 100,
    ...over,
  };
}

export function makeRequest(over: Partial<RequestRecord> = {}): RequestRecord {
  return {
    url: 'https://example.com/app.js', method: 'GET', resource_type: 'script', is_navigation: false,
    status: 200, failure: null, blocked: false, beacon_stubbed: false, body_bytes: 1000, transfer_bytes: 1200,
    start_ms: 100, duration_ms: 50, response_headers: {}, post_data: null,
    ...over,
  };
}

export function makePage(over: Partial<PageEvidence> = {}): PageEvidence {
  const url = over.url ?? 'https://example.com/';
  return {
    url, final_url: url, captured_at: T0, depth: 0, found_on: null, region: 'start', status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' }, redirect_chain: [], navigation_error: null,
    title: 'Example', html: null, dom: makeDom(), requests: [], console: [], page_errors: [], dialogs: [],
    popups: [], downloads: [], cookies: [], performance: null, accessibility: null, globals: [],
    ...over,
  };
}

export function makeBundle(over: Partial<EvidenceBundle> = {}): EvidenceBundle {
  const pages = over.pages ?? [makePage()];
  return {
    schema_version: EVIDENCE_SCHEMA_VERSION,
    run: { id: '00000000-0000-4000-8000-000000000000', url: pages[0]?.url ?? 'https://example.com/', started_at: T0, finished_at: T0, deadline_hit: false },
    conditions: {
      browser: 'Chromium', user_agent: 'siteqa', viewport: { width: 1280, height: 800 },
      network_throttling: 'none', cpu_throttling: 'none', page_concurrency: 4, max_pages: 10, deadline_ms: 120000,
    },
    pages,
    site: { origin: 'https://example.com', robots: null, sitemaps: [], sitemap_url_checks: [], link_checks: [] },
    consent: null,
    blocked: [],
    notes: [],
    ...over,
  };
}

/** Runs one check through the real runner and returns its verified findings. */
export function findingsOf(check: Check, bundle: EvidenceBundle): Finding[] {
  const { findings, results } = runChecks(bundle, [check]);
  const r = results[0];
  if (r?.outcome === 'error') throw new Error(r.reason ?? 'check errored');
  return findings;
}

/** The runner's verdict for one check: passed, failed, not_applicable or error. */
export function outcomeOf(check: Check, bundle: EvidenceBundle): string {
  return runChecks(bundle, [check]).results[0]!.outcome;
}

/** A reference checked by request (resource-probe.ts) that answered 200; `url` and `final_url` follow `over.url`. */
export function makeResourceCheck(over: Partial<ResourceCheck> & Pick<ResourceCheck, 'url' | 'kind' | 'referenced_from'>): ResourceCheck {
  return { status: 200, method: 'HEAD', error: null, final_url: over.url, found_on: ['https://example.com/'], ...over };
}

/** A bundle whose site carries these reference checks, over `pages` (one default page). */
export function withResourceChecks(resource_checks: ResourceCheck[], pages: PageEvidence[] = [makePage()]): EvidenceBundle {
  return makeBundle({ pages, site: { ...makeBundle().site, resource_checks } });
}
