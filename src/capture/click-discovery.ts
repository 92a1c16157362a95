// Discovery where a visitor goes and a crawler does not: on the start page (and, when the crawl runs out
// of links with budget left, on a few more pages), elements that look like navigation but are no link
// are clicked one at a time with the acting engine, in a fresh context
// (the crawl's cookies and consent stay untouched), read-only: nothing that reads as logout, delete,
// buy or submit is clicked, and a click that tries to send a write (a non-GET request other than an
// analytics beacon) is cut off and its outcome dropped. Routes the app pushes, and links a click
// reveals ("Show all", "Load more", a tab), are handed to the frontier; a click that throws is kept as
// evidence captured after the click. Content a click shows without leaving the page (a tab panel, a
// modal, an accordion's body: hidden on load, so axe skipped it) is audited by axe in that state, and
// controls that only show such content (tabs, modal triggers, disclosures) are clicked for it too.
import type { ElementHandle, Page, Route } from 'playwright-core';
import { performStep, type StepContext } from '../acting/perform.js';
import type { PageEvidence, ReachedBy, RevealedState } from '../evidence/types.js';
import { urlIdentity, withoutAnchor } from '../evidence/url-identity.js';
import { isBeaconUrl } from '../evidence/vendors.js';
import { FINISH_ANIMATIONS_SCRIPT, runAxe } from './axe.js';
import { MARK_SHOWN_SCRIPT, readRevealedScript, revealersScript, type RevealedPart, type Revealer } from './in-page/revealed.js';
import { HISTORY_HOOK_SCRIPT, navCandidatesScript, READ_LINKS_SCRIPT, READ_ROUTES_SCRIPT, type NavCandidate } from './in-page/nav-candidates.js';
import { snapshotPage } from './page-recorder.js';
import type { PageSession } from './session/page-session.js';
import type { RunSession } from './session/run-session.js';
import { keepThumbnail } from './thumbnail.js';
import { within } from './time.js';

/** Names a QA visitor never clicks: they change state, spend money, or answer the consent banner. */
const NEVER_CLICK = /\b(log ?out|sign ?out|log ?off|delete|remove|destroy|erase|reset|cancel|unsubscribe|deactivate|close account|buy|purchase|order|checkout|check out|pay|donate|subscribe|add to (cart|basket|bag)|submit|send|post|publish|save|confirm|apply|upload|accept|reject|agree|consent|allow|deny|decline|cookie|dismiss|print|download|share|copy|call|e-?mail)\b/i;
const MAX_CANDIDATES = 10;
/** Links one click may reveal that are handed to the frontier (its budget and template sampling pick among them). */
const MAX_REVEALED_LINKS = 500;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Controls that only show content (tabs, modal triggers, disclosures) clicked per explored page, one per kind. */
const MAX_REVEALERS = 6;
/** Outermost elements a click showed that axe is run on (largest first). */
const MAX_REVEALED_PARTS = 6;
/** How long a click's panel is given to start showing (a script's next frame, a fade out before a fade in), read every step. */
const REVEAL_WAIT_MS = 1000;
const REVEAL_STEP_MS = 250;
/** axe on what one click showed: a part of the page, so well under a whole page's limit. */
const REVEALED_AXE_MS = 4000;

export interface ClickRoute {
  url: string;
  reached_by: ReachedBy;
}

export interface ClickDiscovery {
  clicked: number;
  /** The names clicked (lowercased): a later page's same header buttons are not clicked again. */
  tried: string[];
  /** New same-site addresses the app went to (pushState or a navigation), in the order found. */
  routes: ClickRoute[];
  /** The page as it stood right after a click that raised an uncaught error (or console error). */
  afterClick: PageEvidence[];
  /** Content clicks showed without leaving the page, audited by axe (when asked to). */
  revealed: RevealedState[];
}

export function isSafeToClick(c: Pick<NavCandidate, 'name'>): boolean {
  return !NEVER_CLICK.test(c.name);
}

/**
 * The names (lowercased) of the elements on a loaded page discovery would click (none: nothing to explore
 * there); `contentOnly`: only those in the page's content, not its header, nav or footer (the template's,
 * clicked on the start page already).
 */
export async function clickCandidateNames(page: Page, contentOnly = false, revealers = false): Promise<string[]> {
  const found = await within(page.evaluate(navCandidatesScript(MAX_CANDIDATES * 2)) as Promise<NavCandidate[]>, 2000, []);
  const names = (found ?? []).filter((c) => isSafeToClick(c) && (!contentOnly || c.region === 'body')).map((c) => c.name.toLowerCase());
  if (!revealers || (names.length && !contentOnly)) return names;
  const shows = await within(page.evaluate(revealersScript(MAX_REVEALERS, contentOnly)) as Promise<Revealer[]>, 2000, []);
  return [...names, ...(shows ?? []).filter(isSafeToClick).map(revealerKey)];
}

/** How a revealer is known across explored pages (its name; an unnamed one by its place). */
const revealerKey = (r: Revealer) => (r.name || r.selector).toLowerCase();


export async function discoverByClicking(session: RunSession, startUrl: string, opts: {
  withinMs: number;
  onRoute: (r: ClickRoute) => void;
  skip?: ReadonlySet<string>;
  contentOnly?: boolean;
  /** Audit with axe what clicks show without leaving the page (the run audits accessibility). */
  audit?: boolean;
}): Promise<ClickDiscovery> {
  const out: ClickDiscovery = { clicked: 0, tried: [], routes: [], afterClick: [], revealed: [] };
  const end = Date.now() + opts.withinMs;
  const context = await session.newContext();
  const page = await session.openPage(context);
  let wrote = false;
  try {
    await page.page.addInitScript({ content: HISTORY_HOOK_SCRIPT });
    // Read-only: a write the click tries to send is cut off (beacons go on to the run's local stub).
    await page.page.route('**/*', (route: Route) => {
      const req = route.request();
      if (WRITE_METHODS.has(req.method()) && !isBeaconUrl(req.url())) {
        wrote = true;
        return route.abort('blockedbyclient');
      }
      return route.fallback();
    });
    const first = await page.goto(startUrl, { maxMs: 1000, quietMs: 120 });
    if (first.error) return out;
    const home = page.page.url();
    const homeId = urlIdentity(home);
    const known = new Set<string>(homeId ? [homeId] : []);
    const found = (url: string, reached_by: ReachedBy) => {
      const id = urlIdentity(url);
      if (!id || known.has(id) || new URL(id).host !== new URL(home).host) return false;
      known.add(id);
      const r = { url, reached_by };
      out.routes.push(r);
      opts.onRoute(r);
      return true;
    };
    for (const u of (await within(page.page.evaluate(READ_ROUTES_SCRIPT) as Promise<string[]>, 1000, []))) found(u, { from: home, clicks: [], route: 'push_state', after_click: false });
    const candidates = ((await within(page.page.evaluate(navCandidatesScript(MAX_CANDIDATES * 2)) as Promise<NavCandidate[]>, 2000, [])) ?? [])
      .filter((c) => isSafeToClick(c) && !opts.skip?.has(c.name.toLowerCase()) && (!opts.contentOnly || c.region === 'body'))
      .slice(0, MAX_CANDIDATES);
    const ctx: StepContext = { index: 0, baseUrl: home, vars: {}, scrub: (s) => s, secretFields: [], secretTexts: [], keepImage: () => null, defaultTimeoutMs: 1500, screenshot: false };
    let lastRoute: ReachedBy['route'] = 'none';
    /** The page shows what a click revealed: the next click starts from a fresh load. */
    let changed = false;
    for (const c of candidates) {
      if (Date.now() > end - 1000 || session.left() < 3000) break;
      if (!(await backHome(page, home, lastRoute, changed))) break;
      changed = false;
      wrote = false;
      if (opts.audit) await within(page.page.evaluate(MARK_SHOWN_SCRIPT), 1000, null);
      const docBefore = page.net.mainDocument()?.record;
      const routesBefore = ((await within(page.page.evaluate(READ_ROUTES_SCRIPT) as Promise<string[]>, 1000, [])) ?? []).length;
      const linksBefore = new Set((await within(page.page.evaluate(READ_LINKS_SCRIPT) as Promise<string[]>, 1000, [])) ?? []);
      const mark = page.mark();
      const step = await performStep(page, { id: `discover-${out.clicked + 1}`, action: 'click', target: c.name, timeout_ms: 1500 }, { ...ctx, index: out.clicked });
      if (step.evidence.outcome === 'failed' && step.evidence.resolved === null) continue;
      out.clicked++;
      out.tried.push(c.name.toLowerCase());
      // Whatever the click changed on the page, the next one starts from a fresh load when auditing.
      changed = !!opts.audit;
      if (wrote) continue;
      const after = page.page.url();
      const navigated = page.net.mainDocument()?.record !== docBefore;
      const reached_by: ReachedBy = { from: home, clicks: [c.name], route: urlIdentity(after) === homeId ? 'none' : navigated ? 'navigation' : 'push_state', after_click: false };
      const pushed = ((await within(page.page.evaluate(READ_ROUTES_SCRIPT) as Promise<string[]>, 1000, [])) ?? []).slice(routesBefore);
      lastRoute = reached_by.route;
      const isNew = reached_by.route !== 'none' && found(after, reached_by);
      for (const u of pushed) found(u, { ...reached_by, route: 'push_state' });
      // Still on the page: links the click put there ("Show all" listing every episode, "Load more").
      if (reached_by.route === 'none') {
        const revealed = ((await within(page.page.evaluate(READ_LINKS_SCRIPT) as Promise<string[]>, 1000, [])) ?? []).filter((u) => !linksBefore.has(u));
        for (const u of revealed.slice(0, MAX_REVEALED_LINKS)) found(u, { ...reached_by, route: 'revealed' });
        // Same screen only: a hash router's next route ("#/pricing") is a page of its own, not content shown here.
        if (opts.audit && withoutAnchor(after) === withoutAnchor(home)) {
          const state = await auditRevealed(session, page, home, c.name, { waitMs: 2 * REVEAL_STEP_MS, end, target: false });
          if (state) out.revealed.push(state);
        }
      }
      const happened = page.since(mark);
      const troubled = happened.page_errors.length > 0 || happened.console.some((m) => m.type === 'error');
      // A route only a direct load can confirm still keeps what the click showed, in case the load does not.
      if (troubled && (isNew || reached_by.route === 'none')) out.afterClick.push(await afterClickEvidence(session, page, after, { ...reached_by, after_click: true }, mark));
    }
    if (opts.audit) await revealOneByOne(session, page, home, { end, skip: opts.skip, contentOnly: !!opts.contentOnly, fresh: changed || lastRoute !== 'none', wrote: () => wrote, resetWrote: () => { wrote = false; } }, out);
    return out;
  } finally {
    await page.close();
    await session.closeContext(context);
  }
}

/**
 * Controls that only show content (a tab, a modal's trigger, an accordion header), one per kind, each
 * clicked on a fresh load of the page; what the click showed is audited. A click that leaves the page
 * or tries to send a write is dropped.
 */
async function revealOneByOne(
  session: RunSession, page: PageSession, home: string,
  o: { end: number; skip?: ReadonlySet<string>; contentOnly: boolean; fresh: boolean; wrote: () => boolean; resetWrote: () => void },
  out: ClickDiscovery,
): Promise<void> {
  const homeId = urlIdentity(home);
  let fresh = o.fresh;
  let planned: Revealer[] | null = null;
  for (let i = 0; ; i++) {
    if (Date.now() > o.end - 1500 || session.left() < 4000) return;
    if (!(await backHome(page, home, 'navigation', fresh))) return;
    fresh = true;
    const now = ((await within(page.page.evaluate(revealersScript(MAX_REVEALERS, o.contentOnly)) as Promise<Revealer[]>, 1500, [])) ?? []);
    // Not one clicked as navigation just before (a tab is both), nor on a page explored earlier.
    planned ??= now.filter((r) => isSafeToClick(r) && !o.skip?.has(revealerKey(r)) && !out.tried.includes(revealerKey(r)));
    const r = planned[i];
    if (!r) return;
    // The list is rebuilt on each load: the same control must stand at the same place.
    if (now[r.index]?.selector !== r.selector) continue;
    await within(page.page.evaluate(MARK_SHOWN_SCRIPT), 1000, null);
    o.resetWrote();
    // What it names as its target (aria-controls, data-(bs-)target, href="#id", its <details>): only what
    // shows there counts as its content, not a banner or a carousel's next slide appearing meanwhile.
    await within(page.page.evaluate(`window.__siteqaTarget = (window.__siteqaRevealerTargets || [])[${r.index}] || null`), 1000, null);
    const handle = (await page.page.evaluateHandle(`window.__siteqaRevealers[${r.index}]`).catch(() => null))?.asElement() as ElementHandle | null | undefined;
    if (!handle) continue;
    const clicked = await handle.click({ timeout: 1500 }).then(() => true, () => false);
    await handle.dispose().catch(() => {});
    if (!clicked) continue;
    await page.settle(800, 120);
    out.clicked++;
    out.tried.push(revealerKey(r));
    if (o.wrote() || urlIdentity(page.page.url()) !== homeId || withoutAnchor(page.page.url()) !== withoutAnchor(home)) continue;
    const state = await auditRevealed(session, page, home, r.name || r.selector, { waitMs: REVEAL_WAIT_MS, end: o.end, target: true });
    if (state) out.revealed.push(state);
  }
}

/** What the last click showed (marked before it), audited by axe; null when it showed nothing. */
async function auditRevealed(
  session: RunSession, page: PageSession, url: string, clicked: string,
  o: { waitMs: number; end: number; /** Keep only what shows in the control's named target (window.__siteqaTarget). */ target: boolean },
): Promise<RevealedState | null> {
  const left = () => Math.min(o.end - Date.now(), page.left());
  // A modal or panel fading in (Bootstrap's .fade: display set, then opacity 0 → 1) reads as hidden at the
  // transition's start: a moment for the script's next frame, then running transitions finished.
  // Read again while nothing shows yet, up to `waitMs` in all (a control made to show something: up to
  // REVEAL_WAIT_MS): a tab pane Bootstrap swaps in once the previous one has faded out shows only after
  // that transition's end event.
  let revealed: RevealedPart[] = [];
  for (let waited = 0; waited < o.waitMs && !revealed.length && left() > REVEAL_STEP_MS; waited += REVEAL_STEP_MS) {
    await new Promise((resolve) => setTimeout(resolve, REVEAL_STEP_MS));
    await within(page.page.evaluate(FINISH_ANIMATIONS_SCRIPT), 1000, 0);
    revealed = ((await within(page.page.evaluate(readRevealedScript(MAX_REVEALED_PARTS, o.target)) as Promise<RevealedPart[]>, 1500, [])) ?? []);
  }
  if (!revealed.length || left() < 500) return null;
  const accessibility = await runAxe(page.page, Math.min(REVEALED_AXE_MS, left()), 'revealed');
  let screenshot = null;
  if (accessibility.violations.length && left() > 300) {
    const keep = session.thumbnailKeeper();
    screenshot = await keepThumbnail(page.page, Math.min(2000, left()), (data, size) => keep(data, size, `After clicking “${clicked}”`), session.maskTexts);
  }
  return { url, clicked, revealed, accessibility, screenshot };
}

/** Back on the start page: after a pushState, the app's own back (quick); else a fresh load (`fresh`: even when already there). */
async function backHome(page: PageSession, home: string, last: ReachedBy['route'], fresh = false): Promise<boolean> {
  if (page.page.url() === home && !fresh) return true;
  if (last === 'push_state' && !fresh) {
    await within(page.page.goBack({ waitUntil: 'commit', timeout: 1000 }).catch(() => null), 1200, null);
    await page.settle(500, 100);
    if (page.page.url() === home) return true;
  }
  return (await page.goto(home, { maxMs: 1000, quietMs: 120 })).error === null;
}

async function afterClickEvidence(session: RunSession, page: PageSession, url: string, reached_by: ReachedBy, mark: ReturnType<typeof page.mark>): Promise<PageEvidence> {
  const ev = await snapshotPage(page, { url, depth: 1, region: 'click', found_on: reached_by.from }, null, { accessibility: false, budget: session.budget });
  const happened = page.since(mark);
  return { ...ev, url, final_url: url, requests: happened.requests, console: happened.console, page_errors: happened.page_errors, dialogs: happened.dialogs, popups: [], downloads: [], reached_by };
}

/** The explorations of several pages as one (null when none ran or all failed). */
export function mergedDiscoveries(all: readonly (ClickDiscovery | null)[]): ClickDiscovery | null {
  const ran = all.filter((d) => d !== null);
  if (!ran.length) return null;
  return {
    clicked: ran.reduce((n, d) => n + d.clicked, 0),
    tried: ran.flatMap((d) => d.tried),
    routes: ran.flatMap((d) => d.routes),
    afterClick: ran.flatMap((d) => d.afterClick),
    revealed: ran.flatMap((d) => d.revealed),
  };
}

/**
 * Evidence captured right after a click that raised an error is kept when a direct load did not show
 * the same: the address did not change (client-only state), the route was not visited (budget), its
 * direct load failed, or loading it directly does not raise that error.
 */
export function keptAfterClick(clicks: ClickDiscovery | null, pages: readonly PageEvidence[]): PageEvidence[] {
  return (clicks?.afterClick ?? []).filter((after) => {
    if (after.reached_by?.route === 'none') return true;
    const id = urlIdentity(after.final_url);
    const direct = pages.find((p) => urlIdentity(p.url) === id || urlIdentity(p.final_url) === id);
    if (!direct || direct.status === null || direct.status >= 400) return true;
    const seen = new Set(direct.page_errors.map((e) => e.message));
    return after.page_errors.some((e) => !seen.has(e.message));
  });
}
