// The crawl driver: the start page first (its final URL anchors the site), then the frontier at
// page concurrency; robots.txt, sitemaps, the missing-page probe and the consent matrix overlap
// the crawl; then internal links and a sitemap sample are checked. All inside the run deadline.
import type { LoginInput } from '../../acting/login.js';
import type { ConsentEvidence, PageEvidence, ReachedBy } from '../../evidence/types.js';
import { clickCandidateNames, discoverByClicking, keptAfterClick, mergedDiscoveries, type ClickDiscovery } from '../click-discovery.js';
import { detectKnownBanner, detectLateBanner, type ConsentBanner } from '../consent.js';
import { isScriptValueHref } from '../../evidence/script-value-href.js';
import { hashRoute, urlIdentity } from '../../evidence/url-identity.js';
import { coverageNote, crawlCoverage, mirroredNote, ownSiteElsewhereNote, sitemapListedElsewhere } from '../coverage.js';
import { CDN_ENDPOINT, Frontier, isUnsafePath, normalizeUrl } from '../frontier.js';
import { mirroredProduction, onCopy } from '../../evidence/copy-host.js';
import { hostOf } from '../../evidence/views.js';
import { isAllowlisted } from '../../guard/options.js';
import { spreadByTemplate } from '../url-template.js';
import { linkCheckOrder, type RelativeLink } from '../link-order.js';
import { recordPage } from '../page-recorder.js';
import { crawlPolicy } from '../robots-policy.js';
import type { RunSession } from '../session/run-session.js';
import { checkExternalLinks, checkResources, cutByDeadline, externalTargets, MAX_EXTERNAL_CHECKS, MAX_RESOURCE_CHECKS, resourceTargets, retryTargets, unverifiedNote } from '../resource-probe.js';
import { checkUrls, fetchChildSitemaps, fetchRobots, fetchSitemaps, probeMissingPage, sitemapPageUrls } from '../site-probe.js';
import { sleep, within } from '../time.js';
import { captureConsentMatrix } from './consent-matrix.js';
import { axeAgainAlone } from './axe-alone.js';
import { measuringPass } from './measure-pass.js';
import { captureMobileView } from './mobile-view.js';
import { keepSignedIn } from './sign-in.js';
import { emptySite, safeOrigin, type Driver, type DriverParts } from './types.js';

export interface CrawlInput {
  url: string;
  maxPages: number;
  accessibility?: boolean;
  consent?: boolean;
  /** Click elements on the start page that navigate without a link (default true). */
  interactive?: boolean;
  /** Groups pages (an app model's templates and never-touch areas): at most `max` pages of a group are visited. */
  pageGroups?: ((url: string) => { key: string; max: number } | null) | null;
  /** The app model's login (run through `signingIn(crawl)`, which signs in before the crawl starts). */
  login?: LoginInput | null;
}

const MAX_LINK_CHECKS = 40;
const MAX_SITEMAP_CHECKS = 20;
/** Sitemap URLs offered to the frontier (its template sampling picks among them). */
const MAX_SITEMAP_SEEDS = 5000;
/** Link checks spent on one script value written as an href (`href="undefined"`): enough to show it broken. */
const SCRIPT_VALUE_CHECKS = 3;
/** Longest the start page's clickable navigation is explored (in parallel with the crawl). */
const CLICK_WINDOW_MS = 12_000;
/**
 * Pages besides the start page whose clickable elements in their content (not the header, nav or footer
 * their template shares with the start page) are explored, one at a time, when the crawl has run out of
 * links with budget left ("Show all" on an episode list, tabs on a product page).
 */
const MORE_PAGES_EXPLORED = 3;
/** Longest one of those pages is explored: the crawl waits for it, so it is kept short. */
const MORE_CLICK_WINDOW_MS = 3000;
/** The one content page explored after a crawl that never ran out of links: the browser is free by then. */
const CONTENT_REVEAL_WINDOW_MS = 6000;

export const crawl: Driver<CrawlInput> = async (session, input, hooks) => {
  const { guard } = session.opts;
  const left = () => session.left();
  const pages: PageEvidence[] = [];
  const site = emptySite(input.url);
  let consent: ConsentEvidence | null = null;
  let deadlineHit = false;
  const record = (entry: Parameters<typeof recordPage>[1], inspect?: Parameters<typeof recordPage>[2]['inspect']) =>
    session.slots.use(() => recordPage(session.context, entry, {
      ...session.pageOptions(), accessibility: input.accessibility ?? true, inspect, keepImage: session.thumbnailKeeper(), maskTexts: session.maskTexts, tabs: session.tabs,
      // The keyboard's path through the template, once: on the start page.
      keyboard: entry.depth === 0,
    }));
  let banner: ConsentBanner = { detected: false, method: null, selector: null };
  const nonDocuments: string[] = [];

  // 1. The start page, alone: its final URL anchors the site, its links seed the frontier. The crawl
  //    starts as soon as the start page has been read (its timings and links), while axe and its
  //    picture finish in its own slot: the second page does not wait for them.
  const wantConsent = input.consent ?? true;
  const wantClicks = input.interactive ?? true;
  /** Content clicks show without leaving the page is audited by axe too (in-page/revealed.ts). */
  const auditReveals = wantClicks && input.accessibility !== false;
  // Whether the start page has anything to click that navigates without a link: if not, no exploration.
  let clickable = 0;
  let startRead!: (p: PageEvidence) => void;
  const read = new Promise<PageEvidence>((resolve) => (startRead = resolve));
  const startDone = record({ url: normalizeUrl(input.url) ?? input.url, depth: 0, region: 'start', found_on: null }, async (page, ev) => {
    if (wantClicks) clickable = (await clickCandidateNames(page, false, auditReveals)).length;
    // A banner of a known CMP or one the wording heuristic finds is known at once (one in-page pass),
    // so the consent loads can start with the crawl; autoconsent's rules, which can wait a second
    // for a CMP that shows late, look on while the crawl goes on.
    if (wantConsent) banner = await detectKnownBanner(page);
    startRead(ev);
    if (wantConsent && !banner.detected) banner = await detectLateBanner(page);
  });
  // A page that never loaded is never inspected: the whole record is what was read.
  void startDone.then(startRead, () => {});
  const start = await Promise.race([read, startDone]);
  pages.push(start);
  // On a mirrored copy whose start page asked for files at the production address, the start page is
  // recorded again once those are answered from the copy (copy-route.ts): that record stands for it.
  // (Wrapped: a promise resolved with a promise would adopt its rejection.)
  let startAgain!: (again: { record: Promise<PageEvidence> } | null) => void;
  const recordedAgain = new Promise<{ record: Promise<PageEvidence> } | null>((resolve) => (startAgain = resolve));
  // The start page's progress event goes first; crawl pages that finish earlier wait for it.
  const startComplete = startDone.then(async (first) => {
    const again = await (await recordedAgain)?.record.catch(() => null);
    const p = again && again.status !== null ? again : first;
    pages[0] = p;
    hooks.onPage?.(p, 0);
  });
  // Awaited below; a start page whose recording fails after it was read must not be an unhandled rejection meanwhile.
  startComplete.catch(() => {});
  /** The start page's record that stands for it (recorded again on a mirrored copy). */
  const startFinal = startComplete.then(() => pages[0]!);
  startFinal.catch(() => {});
  const origin = safeOrigin(start.final_url);
  site.origin = origin;
  const frontier = new Frontier(new URL(start.final_url).host.toLowerCase(), input.maxPages, { settleWindow: 2 * session.opts.pageConcurrency });
  // A signed-in crawl (an app model's login, see sign-in.ts) never follows a logout link.
  const groups = keepSignedIn(input.pageGroups ?? null, session.login?.outcome === 'logged_in');
  if (groups) frontier.limitBy(groups);
  // The start page is the frontier's pick 0 and the first page of the budget, also when the address
  // typed redirected to another host (example.com → www.example.com): then its final URL stands for it.
  if (frontier.offer(start.url, { url: null, depth: 0, region: 'start' }) !== 'queued') frontier.offer(start.final_url, { url: null, depth: 0, region: 'start' });
  const startEntry = frontier.next();
  frontier.markSeen(start.final_url);
  // A local copy whose start page names its production address: links and sitemap entries there are
  // the copy's own pages, followed here (copy-host.ts, mirroredProduction).
  const production = start.status !== null ? mirroredProduction(start) : null;
  const here = (url: string) => onCopy(url, production, origin);
  if (production) await session.serveProductionFromCopy({ production, origin });
  const askedProduction = production !== null && start.requests.some((r) => !r.is_navigation && hostOf(r.url) === production);
  startAgain(askedProduction ? { record: record({ url: start.url, depth: 0, region: 'start', found_on: null }) } : null);
  const followedOnCopy = new Set<string>();
  /** Sitemap entries at the production address, moved to the copy. */
  const movedHere = new Set<string>();
  const offerLinks = (p: PageEvidence, pick: number) => {
    // A page that names one hash route is not an app routed by its fragment (a lone href="#/x" on a
    // static page): only a page naming two or more routes has its routes crawled as screens.
    const routed = new Set((p.dom?.links ?? []).map((l) => hashRoute(l.href)).filter((r) => r !== null)).size >= 2;
    for (const l of p.dom?.links ?? []) {
      // A script's value written as an address (href="undefined") is no page: checked as a link, not crawled.
      if (isScriptValueHref(l.raw_href)) continue;
      const href = routed || hashRoute(l.href) === null ? l.href : l.href.split('#')[0]!;
      const url = here(href);
      if (frontier.offer(url, { url: p.final_url, depth: p.depth + 1, region: l.region, pick }) === 'queued' && url !== href) followedOnCopy.add(urlIdentity(url)!);
    }
    // Where the page was going on its own (a timed refresh, held back while it was recorded) is a link too.
    if (p.left_for) frontier.offer(here(p.left_for), { url: p.final_url, depth: p.depth + 1, region: 'body', pick });
  };
  /** The sitemap's pages on this site: on a mirrored copy, its entries at the production address too. */
  const sitemapPagesHere = (sitemaps: Parameters<typeof sitemapPageUrls>[0], max: number) => {
    const own = sitemapPageUrls(sitemaps, frontier.siteHostName, max);
    if (!production) return own;
    const moved = sitemapPageUrls(sitemaps, production, max).map(here);
    for (const u of moved) movedHere.add(u);
    return [...new Set([...own, ...moved])].slice(0, max); // own and moved are each distinct
  };
  if (start.status !== null) offerLinks(start, 0);
  if (startEntry) frontier.done(startEntry);
  /** The order crawl pages were taken in: the evidence lists them so, whichever finished first. */
  const pickOf = new Map<PageEvidence, number>();

  // 2. Side work in parallel with the crawl: robots/sitemaps and the consent matrix.
  const loaded = start.status !== null;
  const robotsFetch = loaded ? within(fetchRobots(origin, guard, 8000), Math.max(0, left()), null) : Promise.resolve(null);
  const sitemapsFetch = robotsFetch.then((robots) => (loaded ? within(fetchSitemaps(origin, robots, guard, 8000, start.final_url, start.dom?.sitemap_links ?? []), Math.max(0, left()), null) : null));
  // Sitemap URLs seed the frontier as they arrive, so the budget can reach pages no link leads to
  // within it; until they have arrived (or failed), the crawl does not call itself finished.
  let sitemapUrls: string[] = [];
  let seeding = loaded;
  const seeded = sitemapsFetch.then(async (sitemaps) => {
    // Children on this site; on a mirrored copy, children its index names at production, fetched here.
    const place = (url: string) => {
      const moved = here(url);
      return frontier.isSameSite(moved) ? moved : null;
    };
    const children = sitemaps ? await within(fetchChildSitemaps(sitemaps, place, guard, 8000), Math.max(0, left() - 2000), []) : [];
    sitemapUrls = sitemapPagesHere([...(sitemaps ?? []), ...children], MAX_SITEMAP_SEEDS);
    for (const u of sitemapUrls) {
      if (frontier.offer(u, { url: null, depth: 1, region: 'sitemap' }) === 'queued' && movedHere.has(u)) followedOnCopy.add(urlIdentity(u)!);
    }
  }).catch(() => {}).finally(() => {
    seeding = false;
  });
  // Routes reachable only by clicking (buttons, <a> without href, pushState routers) and links a click
  // reveals join the frontier.
  const clickRoutes = new Map<string, ReachedBy>();
  /** Names already clicked: the same header buttons on the next page explored are not clicked again. */
  const tried = new Set<string>();
  /** The explorations, the start page's first. */
  const explorations: Promise<ClickDiscovery | null>[] = [];
  let discovering = false;
  const explore = (from: PageEvidence, windowMs: number, contentOnly: boolean) => {
    discovering = true;
    explorations.push(session.slots.use(() => discoverByClicking(session, from.final_url, {
      withinMs: Math.min(windowMs, Math.max(0, left() / 5)),
      skip: tried,
      contentOnly,
      audit: auditReveals,
      onRoute: (r) => {
        if (frontier.offer(r.url, { url: from.final_url, depth: from.depth + 1, region: 'click' }) === 'queued') clickRoutes.set(urlIdentity(r.url)!, r.reached_by);
      },
    })).then((found) => {
      for (const name of found.tried) tried.add(name);
      return found;
    }).catch(() => null).finally(() => {
      discovering = false;
    }));
  };
  // Clicking is worth it only where it can lead somewhere within the page budget.
  if (loaded && !start.navigation_error && clickable > 0 && (input.maxPages > 1 || auditReveals)) explore(start, CLICK_WINDOW_MS, false);
  /** What each crawl page offers to click (read while it was recorded), for exploring further. */
  const candidatesOn = new Map<PageEvidence, string[]>();
  const explored = new Set<PageEvidence>();
  /** With the frontier empty and budget left: explore the next crawled page with something new to click. */
  const exploreMore = (): boolean => {
    if (explorations.length > MORE_PAGES_EXPLORED || frontier.budgetLeft <= 0 || left() < 8000) return false;
    const next = pages.slice(1).sort((a, b) => pickOf.get(a)! - pickOf.get(b)!)
      .find((p) => !explored.has(p) && (candidatesOn.get(p) ?? []).some((name) => !tried.has(name)));
    if (!next) return false;
    explored.add(next);
    explore(next, MORE_CLICK_WINDOW_MS, true);
    return true;
  };
  // Rules addressed to siteqa by name keep it off the pages they disallow (see robots-policy.ts):
  // the crawl waits a little for robots.txt, and the rules apply from whenever they arrive.
  let policy = crawlPolicy(null);
  const policyKnown = robotsFetch.then((robots) => {
    policy = crawlPolicy(robots);
    frontier.restrict(policy.allows);
  });
  const missingPage = policyKnown.then(() =>
    loaded && policy.allows(`${origin}/siteqa-missing-page`) ? within(probeMissingPage(origin, guard, 8000), Math.max(0, left()), null) : null);
  // The consent matrix reloads the start page with a choice made: pointless when it never finished
  // loading; with no banner on it, the no-interaction load is the whole matrix.
  const consentWork = !loaded || start.navigation_error || !wantConsent
    ? Promise.resolve(null)
    : banner.detected
      ? captureConsentMatrix(session, start.final_url, banner, startFinal)
      : startFinal.then((p) => captureConsentMatrix(session, p.final_url, banner, startFinal));
  consentWork.catch(() => {});
  // The start page at a phone's width (mobile-view.ts), beside the crawl, when accessibility is audited.
  const mobileWork = !loaded || start.navigation_error || input.accessibility === false
    ? Promise.resolve(undefined)
    : startFinal.then((p) => session.slots.use(() => captureMobileView(session, p.final_url))).catch(() => null);

  // 3. The crawl. It waits a little for robots.txt's rules and the sitemap's URLs, so the pages it
  //    takes are the same whenever they arrive (see frontier.ts).
  if (loaded) await within(Promise.all([policyKnown, seeded]), Math.min(3000, Math.max(0, left())), undefined);
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
          // Pages still loading (or the sitemap on its way) may add links: wait for them before giving up,
          // and where the links have run out, click on a page that offers something new.
          if (active === 0 && !seeding && !discovering && !(wantClicks && exploreMore())) return;
          await sleep(30);
          continue;
        }
        active++;
        try {
          let offered: string[] = [];
          const page = await record(entry, wantClicks && (frontier.budgetLeft > 0 || (auditReveals && explored.size === 0)) ? async (p) => {
            offered = await clickCandidateNames(p, true, auditReveals);
          } : undefined);
          if (offered.length) candidatesOn.set(page, offered);
          // A site larger than the budget never runs out of links, so no content page would be explored:
          // what its pages show on a click (a docs page's code tabs, an FAQ's answers) would go unaudited.
          // The first page of another kind than the start page's that offers a revealer is explored for
          // it, beside the crawl.
          if (auditReveals && explored.size === 0 && left() > 10_000 && frontier.budgetLeft <= session.opts.pageConcurrency
            && frontier.template(page.final_url) !== frontier.template(start.final_url) && offered.some((name) => !tried.has(name))) {
            explored.add(page);
            explore(page, CONTENT_REVEAL_WINDOW_MS, true);
          }
          pickOf.set(page, entry.pick);
          frontier.markSeen(page.final_url);
          // Only HTML documents are pages: a linked JSON, PDF or source map served is a resource
          // (an error answer stays: a broken link is a finding whatever its type).
          if (page.status !== null && page.status >= 200 && page.status < 300 && !isHtmlDocument(page)) {
            nonDocuments.push(page.final_url);
            continue;
          }
          const reached = entry.region === 'click' ? clickRoutes.get(urlIdentity(entry.url) ?? '') : undefined;
          if (reached) page.reached_by = reached;
          pages.push(page);
          await startComplete;
          hooks.onPage?.(page, index++);
          // An error page's links are its template's, resolved under an address that does not exist (a 404
          // page's "./install/" under /helm/): no page of the site links there.
          if (page.status !== null && page.status < 400 && frontier.isSameSite(page.final_url)) offerLinks(page, entry.pick);
        } finally {
          frontier.done(entry);
          active--;
        }
      }
    };
    await Promise.all(Array.from({ length: session.opts.pageConcurrency }, worker));
  }
  await startComplete;
  pages.splice(1, Infinity, ...pages.slice(1).sort((a, b) => pickOf.get(a)! - pickOf.get(b)!));
  consent = await consentWork;
  // Before the measuring pass, which wants the browser to itself.
  const mobile = await mobileWork;
  if (mobile !== undefined) site.mobile_view = mobile;
  const clicks = mergedDiscoveries(await Promise.all(explorations));
  if (auditReveals) {
    site.revealed_states = clicks?.revealed ?? [];
    const unjudged = site.revealed_states.filter((r) => r.accessibility?.error);
    if (unjudged.length) session.notes.push(`axe did not finish on ${unjudged.length} state${unjudged.length === 1 ? '' : 's'} a click showed (${unjudged.slice(0, 3).map((r) => `“${r.clicked}”`).join(', ')}${unjudged.length > 3 ? ', …' : ''}): ${unjudged.length === 1 ? 'its' : 'their'} content was not judged`);
  }
  for (const after of keptAfterClick(clicks, pages).slice(0, Math.max(0, input.maxPages - pages.length))) {
    pages.push(after);
    hooks.onPage?.(after, pages.length - 1);
  }
  // 3b. Now that the browser is idle: axe once more, alone, on pages where its crawl run failed (none
  // in the normal case; first, because a page without an axe result is a page not measured, while a
  // timing the next step does not reach keeps its crawl value). Then trusted timings: the pages whose
  // crawl timings crossed, loaded alone. The checks below go over HTTP, not through the browser, so
  // they may overlap both.
  const measuring = (input.accessibility === false ? Promise.resolve(0) : axeAgainAlone(session, pages)).then(async (again) => {
    if (again) session.notes.push(`axe failed on ${again} page${again === 1 ? '' : 's'} during the crawl and was run again on ${again === 1 ? 'it' : 'each'} alone`);
    session.timing = await measuringPass(session, pages);
  });
  const unread = pages.filter((p) => p.dom && !p.dom.heading_outline);
  if (unread.length) {
    session.notes.push(`heading, id and reference facts could not be read in time on ${unread.length} page${unread.length === 1 ? '' : 's'} (${unread.slice(0, 3).map((p) => new URL(p.final_url).pathname).join(', ')}${unread.length > 3 ? ', …' : ''}): duplicate ids, heading order and srcset and stylesheet references were not judged there`);
  }
  if (nonDocuments.length) {
    session.notes.push(`${nonDocuments.length} linked URL${nonDocuments.length === 1 ? ' was' : 's were'} not an HTML document and ${nonDocuments.length === 1 ? 'is' : 'are'} not graded as a page (${nonDocuments.slice(0, 3).map((u) => new URL(u).pathname).join(', ')}${nonDocuments.length > 3 ? ', …' : ''})`);
  }
  site.robots = await robotsFetch;
  site.sitemaps = (await sitemapsFetch) ?? [];
  site.missing_page_probe = await missingPage;

  // 4. Links the crawl did not visit, and a sample of sitemap URLs, checked through the guard.
  const visited = new Set(pages.flatMap((p) => [urlIdentity(p.url), urlIdentity(p.final_url)]));
  const visitedAsSpelled = new Set(pages.flatMap((p) => [normalizeUrl(p.url), normalizeUrl(p.final_url)]));
  // `/docs/index` is `/docs/`'s identity (static hosts with clean URLs serve it), but a server without
  // that rule answers 404 there: a link spelled so is checked unless that spelling itself was visited.
  const seenAs = (u: string) => visited.has(urlIdentity(u)) && (!/\/index$/i.test(new URL(u).pathname) || visitedAsSpelled.has(u));
  const targets = new Map<string, string[]>();
  /** Every page-relative href as written, where it led from each page (link-order.ts reads the template's ones). */
  const relative: RelativeLink[] = [];
  /** Checks per script value written as an href: a few show it broken; each page's resolution would eat the budget. */
  const scriptValueChecks = new Map<string, number>();
  for (const p of pages) {
    if (p.status === null || p.status >= 400) continue;
    for (const l of p.dom?.links ?? []) {
      const u = normalizeUrl(here(l.href));
      if (u && l.raw_href && !isScriptValueHref(l.raw_href)) relative.push({ key: `${l.raw_href}\u0000${l.text}`, page: p.final_url, resolved: u });
      // An address naming an action (log out, delete) is not requested at all: a GET may be the action.
      if (!u || seenAs(u) || !frontier.isSameSite(u) || !policy.allows(u) || isUnsafePath(u) || input.pageGroups?.(u)?.max === 0) continue;
      // The CDN answers its own endpoints (a copy of a Cloudflare site keeps its email-protection links).
      if (CDN_ENDPOINT.test(new URL(u).pathname)) continue;
      if (!targets.has(u) && isScriptValueHref(l.raw_href)) {
        const n = scriptValueChecks.get(l.raw_href!) ?? 0;
        if (n >= SCRIPT_VALUE_CHECKS) continue;
        scriptValueChecks.set(l.raw_href!, n + 1);
      }
      const from = targets.get(u) ?? [];
      if (!from.includes(p.final_url)) from.push(p.final_url);
      targets.set(u, from);
    }
  }
  const host = new URL(start.final_url).host.toLowerCase();
  const sitemapTargets = new Map(spreadByTemplate(sitemapPagesHere(site.sitemaps, MAX_SITEMAP_SEEDS).filter((u) => !visited.has(urlIdentity(u)) && policy.allows(u) && !isUnsafePath(u)), (u) => u, (u) => frontier.template(u)).slice(0, MAX_SITEMAP_CHECKS).map((u) => [u, ['sitemap']]));
  site.coverage = crawlCoverage({ sitemapUrls, known: frontier.knownUrls(), pages, templateOf: (u) => frontier.template(u), clicked: clicks?.clicked ?? 0, clickRoutes: clicks?.routes.length ?? 0 });
  session.notes.push(coverageNote(site.coverage, site.coverage.sitemap_urls ? null : sitemapListedElsewhere(site.sitemaps, frontier.siteHostName)));
  const followed = pages.filter((p) => p.status !== null && followedOnCopy.has(urlIdentity(p.url) ?? '')).length;
  // A mirrored copy visited its production links here: "not visited" would be untrue even when the
  // copy's relative links reached those pages first.
  const elsewhere = production ? (followed ? mirroredNote(production, frontier.siteHostName, followed) : null) : ownSiteElsewhereNote(pages, frontier.siteHostName);
  if (elsewhere) session.notes.push(elsewhere);
  if (frontier.refused.length > 0) {
    const sample = frontier.refused.slice(0, 3).map((e) => new URL(e.url).pathname).join(', ');
    session.notes.push(`robots.txt asks siteqa (by name) not to visit ${frontier.refused.length} page${frontier.refused.length === 1 ? '' : 's'} the crawl found (${sample}${frontier.refused.length > 3 ? ', …' : ''}): not visited, and such links are not checked`);
  }
  if (frontier.unsafe.size > 0) {
    const sample = [...frontier.unsafe].slice(0, 3).map((u) => new URL(u).pathname).join(', ');
    session.notes.push(`${frontier.unsafe.size} link${frontier.unsafe.size === 1 ? '' : 's'} of the site name${frontier.unsafe.size === 1 ? 's' : ''} an action a visit could set off (log out, delete, unsubscribe, checkout: ${sample}${frontier.unsafe.size > 3 ? ', …' : ''}): not visited, and not checked`);
  }
  if (frontier.sampledOut.length > 0) {
    const sample = frontier.sampledOut.slice(0, 3).map((e) => new URL(e.url).pathname).join(', ');
    session.notes.push(`The app model's templates and never-touch areas kept the crawl from ${frontier.sampledOut.length} page${frontier.sampledOut.length === 1 ? '' : 's'} (${sample}${frontier.sampledOut.length > 3 ? ', …' : ''}): one sample per template is visited`);
  }
  const checkOpts = { concurrency: 4, timeoutMs: 5000, deadline: session.deadline - 500 };
  // The order the link-check cap takes them in (link-order.ts).
  const spreadTargets = linkCheckOrder({ targets, relative, sitemapUrls, templateOf: (u) => frontier.template(u) });
  // On a mirrored copy its files at production are the copy's (copy-route.ts): looked for there. Under
  // allowlist-only, references the guard would refuse are not worth a check of the cap.
  const reachable = (u: string) => !guard.allowlistOnly || isAllowlisted(new URL(here(u)), guard.allowlist);
  const resources = resourceTargets(pages, origin, production).filter((t) => (!frontier.isSameSite(t.url) || policy.allows(t.url)) && reachable(t.url));
  const external = externalTargets(pages, (u) => frontier.isSameSite(here(u)));
  const canonicals = canonicalTargets(pages, (u) => !seenAs(here(u)) && frontier.isSameSite(here(u)) && policy.allows(here(u)), here);
  const retries = new Map([...retryTargets(pages, origin, production).entries()].filter(([u]) => reachable(u)));
  const [linkChecks, sitemapChecks, resourceChecks, externalChecks, canonicalChecks, retried] = await Promise.all([
    checkUrls(spreadTargets, guard, { ...checkOpts, max: MAX_LINK_CHECKS }),
    checkUrls(sitemapTargets, guard, { ...checkOpts, max: MAX_SITEMAP_CHECKS }),
    checkResources(resources, guard, checkOpts.deadline, here),
    checkExternalLinks(external, guard, checkOpts.deadline),
    checkUrls(new Map([...canonicals.entries()].map(([probe, t]) => [probe, t.found_on])), guard, { ...checkOpts, max: MAX_CANONICAL_CHECKS }),
    checkUrls(retries, guard, { ...checkOpts, max: retries.size }),
  ]);
  site.retried_resources = retried;
  site.canonical_checks = canonicalChecks.map((c) => {
    // As the pages wrote it; an answer at the copy's own address of it is that canonical's answer.
    const written = canonicals.get(c.url)?.written ?? c.url;
    return { ...c, url: written, final_url: c.final_url === c.url ? written : c.final_url };
  });
  await measuring;
  site.link_checks = linkChecks;
  site.sitemap_url_checks = sitemapChecks;
  const cut = (all: number, done: number, what: string) => {
    const c = cutByDeadline(all, done, Date.now() >= checkOpts.deadline, what);
    if (c.note) session.notes.push(c.note);
    return c.unchecked;
  };
  site.resource_checks = cut(Math.min(resources.length, MAX_RESOURCE_CHECKS), resourceChecks.length, 'srcset, stylesheet and icon references') ? undefined : resourceChecks;
  site.external_link_checks = cut(Math.min(external.length, MAX_EXTERNAL_CHECKS), externalChecks.length, 'links to other sites') ? undefined : externalChecks;
  if (resources.length > MAX_RESOURCE_CHECKS) session.notes.push(`${resources.length - MAX_RESOURCE_CHECKS} more srcset and stylesheet references were not checked (limit ${MAX_RESOURCE_CHECKS})`);
  const unverified = unverifiedNote(externalChecks);
  if (unverified) session.notes.push(unverified);
  if (external.length > MAX_EXTERNAL_CHECKS) session.notes.push(`${external.length - MAX_EXTERNAL_CHECKS} more links to other sites were not checked (limit ${MAX_EXTERNAL_CHECKS})`);
  if (targets.size > MAX_LINK_CHECKS) session.notes.push(`${targets.size - MAX_LINK_CHECKS} more internal links were not checked (limit ${MAX_LINK_CHECKS})`);
  if (left() < 0) deadlineHit = true;
  const parts: DriverParts = { pages, site, consent, deadlineHit };
  return parts;
};

/** Canonical URLs to look up: at most this many, the pages' own spread kept by the crawl's order. */
const MAX_CANONICAL_CHECKS = 30;

/**
 * The canonical URLs pages name that no page of the crawl was (a canonical at `guide.html` for a page
 * served at `guide/`): keyed by where to look for them (`probeAt`: a local copy's production address
 * moved to the copy), with the address as written and the pages naming it.
 */
export function canonicalTargets(pages: readonly PageEvidence[], unvisited: (url: string) => boolean, probeAt: (url: string) => string): Map<string, { written: string; found_on: string[] }> {
  const out = new Map<string, { written: string; found_on: string[] }>();
  for (const p of pages) {
    if (p.status !== 200 || !p.dom || p.dom.canonical.length !== 1) continue;
    let written: string;
    try {
      written = new URL(p.dom.canonical[0]!.trim(), p.final_url).href;
    } catch {
      continue;
    }
    if (!/^https?:/.test(written) || !unvisited(written)) continue;
    const probe = normalizeUrl(probeAt(written));
    if (!probe) continue;
    const entry = out.get(probe) ?? { written, found_on: [] };
    if (!entry.found_on.includes(p.final_url)) entry.found_on.push(p.final_url);
    out.set(probe, entry);
  }
  return out;
}

/** An HTML (or XHTML) document by its content type; a page that sent none is given the benefit of the doubt. */
export function isHtmlDocument(page: PageEvidence): boolean {
  const type = (page.headers['content-type'] ?? '').toLowerCase();
  return type === '' || type.includes('html');
}
