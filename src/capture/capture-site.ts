// Captures one run: the crawl (start page first, then the frontier at page concurrency), the
// consent matrix, robots/sitemaps and link checks, all inside the run deadline → EvidenceBundle.
import type { BrowserContext, Page } from 'playwright-core';
import { EVIDENCE_SCHEMA_VERSION, type BlockedRequest, type ConsentEvidence, type EvidenceBundle, type PageEvidence } from '../evidence/types.js';
import { isBeaconUrl } from '../evidence/vendors.js';
import type { GuardOptions } from '../guard/options.js';
import { hostPortKey } from '../guard/options.js';
import { startGuardProxy } from '../guard/proxy.js';
import type { BrowserHandle } from './browser.js';
import { detectConsentBanner, type ConsentBanner } from './consent.js';
import { loadWithConsent, loadWithoutInteraction } from './consent-matrix.js';
import { Slots } from './slots.js';
import { Frontier, normalizeUrl } from './frontier.js';
import { recordPage, type PageBudget } from './page-recorder.js';
import { newRunContext, userAgentFor, VIEWPORT } from './run-context.js';
import { crawlPolicy } from './robots-policy.js';
import { checkUrls, fetchRobots, fetchSitemaps, probeMissingPage, sitemapPageUrls } from './site-probe.js';
import { sleep, within } from './time.js';

export interface CaptureOptions {
  runId: string;
  url: string;
  maxPages: number;
  pageConcurrency: number;
  deadlineMs: number;
  guard: GuardOptions;
  browser: BrowserHandle;
  accessibility?: boolean;
  consent?: boolean;
  onPage?: (page: PageEvidence, index: number) => void;
}

const MAX_LINK_CHECKS = 40;
const MAX_SITEMAP_CHECKS = 20;

export async function captureSite(opts: CaptureOptions): Promise<EvidenceBundle> {
  const startedAt = new Date();
  const deadline = startedAt.getTime() + opts.deadlineMs;
  const left = () => deadline - Date.now();
  const blocked: BlockedRequest[] = [];
  const notes: string[] = [];
  const proxy = await startGuardProxy({ ...opts.guard, onBlocked: (b) => blocked.length < 500 && blocked.push(b) });
  const blockedHosts = () => new Set(blocked.map((b) => hostKey(b.url)));
  const netOpts = {
    isBlocked: (url: string, failure: string | null, headers: Record<string, string>) =>
      'x-siteqa-blocked' in headers || (failure !== null && blockedHosts().has(hostKey(url))),
    isStubbed: isBeaconUrl,
  };
  const budget: PageBudget = { deadline, navTimeoutMs: 20_000, settleMaxMs: 1500, quietMs: 250, htmlCapBytes: 1_000_000 };
  const pages: PageEvidence[] = [];
  let consent: ConsentEvidence | null = null;
  let deadlineHit = false;
  const browser = await opts.browser.get();
  const userAgent = userAgentFor(browser);
  const contexts: BrowserContext[] = [];
  const context = await newRunContext(browser, proxy.url, userAgent);
  contexts.push(context);
  const slots = new Slots(opts.pageConcurrency);
  const record = (entry: Parameters<typeof recordPage>[1], inspect?: (page: Page) => Promise<void>) =>
    slots.use(() => recordPage(context, entry, { ...netOpts, budget, accessibility: opts.accessibility ?? true, inspect }));
  let banner: ConsentBanner = { detected: false, method: null, selector: null };

  let site: EvidenceBundle['site'] = { origin: safeOrigin(opts.url), robots: null, sitemaps: [], sitemap_url_checks: [], link_checks: [] };
  try {
    // 1. The start page, alone: its final URL anchors the site, its links seed the frontier.
    const wantConsent = opts.consent ?? true;
    const start = await record({ url: normalizeUrl(opts.url) ?? opts.url, depth: 0, region: 'start', found_on: null }, wantConsent
      ? async (page) => {
          banner = await detectConsentBanner(page);
        }
      : undefined);
    pages.push(start);
    opts.onPage?.(start, 0);
    const origin = safeOrigin(start.final_url);
    site.origin = origin;
    const frontier = new Frontier(new URL(start.final_url).host.toLowerCase(), opts.maxPages);
    frontier.offer(start.url, { url: null, depth: 0, region: 'start' });
    frontier.next();
    frontier.markSeen(start.final_url);
    const offerLinks = (p: PageEvidence) => {
      for (const l of p.dom?.links ?? []) frontier.offer(l.href, { url: p.final_url, depth: p.depth + 1, region: l.region });
    };
    if (start.status !== null) offerLinks(start);

    // 2. Side work in parallel with the crawl: robots/sitemaps and the consent matrix.
    const loaded = start.status !== null;
    const robotsFetch = loaded ? within(fetchRobots(origin, opts.guard, 8000), Math.max(0, left()), null) : Promise.resolve(null);
    const sitemapsFetch = robotsFetch.then((robots) => (loaded ? within(fetchSitemaps(origin, robots, opts.guard, 8000), Math.max(0, left()), null) : null));
    // Rules addressed to siteqa by name keep it off the pages they disallow (see robots-policy.ts):
    // the crawl waits a little for robots.txt, and the rules apply from whenever they arrive.
    let policy = crawlPolicy(null);
    const policyKnown = robotsFetch.then((robots) => {
      policy = crawlPolicy(robots);
      frontier.restrict(policy.allows);
    });
    const missingPage = policyKnown.then(() =>
      loaded && policy.allows(`${origin}/siteqa-missing-page`) ? within(probeMissingPage(origin, opts.guard, 8000), Math.max(0, left()), null) : null);
    // The consent matrix reloads the start page with a choice made: pointless when it never finished
    // loading; with no banner on it, the no-interaction load is the whole matrix.
    const consentWork = loaded && !start.navigation_error && wantConsent ? runConsentMatrix() : Promise.resolve(null);

    // 3. The crawl.
    if (loaded) await within(policyKnown, Math.min(3000, Math.max(0, left())), undefined);
    if (loaded) {
      let index = 1;
      let active = 0;
      const worker = async () => {
        for (;;) {
          if (left() < 1500) {
            if (frontier.budgetLeft > 0 && frontier.leftovers().length) deadlineHit = true;
            return;
          }
          const entry = frontier.next();
          if (!entry) {
            // Pages still loading may add links: wait for them before giving up.
            if (active === 0) return;
            await sleep(30);
            continue;
          }
          active++;
          try {
            const page = await record(entry);
            frontier.markSeen(page.final_url);
            pages.push(page);
            opts.onPage?.(page, index++);
            if (page.status !== null && frontier.isSameSite(page.final_url)) offerLinks(page);
          } finally {
            active--;
          }
        }
      };
      await Promise.all(Array.from({ length: opts.pageConcurrency }, worker));
    }
    consent = await consentWork;
    site.robots = await robotsFetch;
    site.sitemaps = (await sitemapsFetch) ?? [];
    site.missing_page_probe = await missingPage;

    // 4. Links the crawl did not visit, and a sample of sitemap URLs, checked through the guard.
    const visited = new Set(pages.flatMap((p) => [normalizeUrl(p.url), normalizeUrl(p.final_url)]));
    const targets = new Map<string, string[]>();
    for (const p of pages) {
      for (const l of p.dom?.links ?? []) {
        const u = normalizeUrl(l.href);
        if (!u || visited.has(u) || !frontier.isSameSite(u) || !policy.allows(u)) continue;
        const from = targets.get(u) ?? [];
        if (!from.includes(p.final_url)) from.push(p.final_url);
        targets.set(u, from);
      }
    }
    const host = new URL(start.final_url).host.toLowerCase();
    const sitemapTargets = new Map(sitemapPageUrls(site.sitemaps, host, MAX_SITEMAP_CHECKS).filter((u) => !visited.has(normalizeUrl(u)) && policy.allows(u)).map((u) => [u, ['sitemap']]));
    if (frontier.refused.length > 0) {
      const sample = frontier.refused.slice(0, 3).map((e) => new URL(e.url).pathname).join(', ');
      notes.push(`robots.txt asks siteqa (by name) not to visit ${frontier.refused.length} page${frontier.refused.length === 1 ? '' : 's'} the crawl found (${sample}${frontier.refused.length > 3 ? ', …' : ''}): not visited, and such links are not checked`);
    }
    const checkOpts = { concurrency: 4, timeoutMs: 5000, deadline: deadline - 500 };
    const [linkChecks, sitemapChecks] = await Promise.all([
      checkUrls(targets, opts.guard, { ...checkOpts, max: MAX_LINK_CHECKS }),
      checkUrls(sitemapTargets, opts.guard, { ...checkOpts, max: MAX_SITEMAP_CHECKS }),
    ]);
    site.link_checks = linkChecks;
    site.sitemap_url_checks = sitemapChecks;
    if (targets.size > MAX_LINK_CHECKS) notes.push(`${targets.size - MAX_LINK_CHECKS} more internal links were not checked (limit ${MAX_LINK_CHECKS})`);
    if (Date.now() > deadline) deadlineHit = true;
  } finally {
    await Promise.all(contexts.map((c) => within(c.close(), 5000, undefined)));
    await proxy.close();
  }

  return {
    schema_version: EVIDENCE_SCHEMA_VERSION,
    run: { id: opts.runId, url: opts.url, started_at: startedAt.toISOString(), finished_at: new Date().toISOString(), deadline_hit: deadlineHit },
    conditions: {
      browser: `Chromium ${browser.version()} (headless)`, user_agent: userAgent, viewport: VIEWPORT,
      network_throttling: 'none (the machine running siteqa, unthrottled)', cpu_throttling: 'none',
      page_concurrency: opts.pageConcurrency, max_pages: opts.maxPages, deadline_ms: opts.deadlineMs,
    },
    pages,
    site,
    consent,
    blocked,
    notes,
  };

  async function runConsentMatrix(): Promise<ConsentEvidence | null> {
    const start = pages[0]!;
    const none = loadWithoutInteraction(start);
    if (!banner.detected) return { banner, loads: [none] };
    const loads = await Promise.all(
      (['reject', 'accept'] as const).map((mode) =>
        slots.use(async () => {
          if (left() < 4000) {
            notes.push(`consent matrix: no time left for the "${mode}" load`);
            return null;
          }
          const ctx = await newRunContext(browser, proxy.url, userAgent);
          contexts.push(ctx);
          try {
            return (await loadWithConsent(ctx, start.final_url, mode, { ...netOpts, deadline })).load;
          } finally {
            await within(ctx.close(), 5000, undefined);
          }
        }),
      ),
    );
    return { banner, loads: [none, ...loads.filter((l): l is NonNullable<typeof l> => l !== null)] };
  }
}

/** `host:port` as the guard keys it; '' for an unparsable URL. */
function hostKey(url: string): string {
  try {
    return hostPortKey(new URL(url));
  } catch {
    return '';
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
