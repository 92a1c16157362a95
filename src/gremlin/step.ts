// One chaos step, the same whether the persona's walk takes it or a shrinking replay takes it again:
// act, let the page settle, then decide by code what broke — the page-level kinds (breakage.ts) plus
// the ones that need to watch the page: a click that did nothing, a loading indicator that never ends,
// a field that lost what was typed. A step right after a request siteqa answered itself finds nothing.
import type { Page } from 'playwright-core';
import type { Breakage } from '../evidence/types.js';
import type { Happened, PageSession } from '../capture/session/page-session.js';
import { sleep, within } from '../capture/time.js';
import { breakagesOf, lookAt } from './breakage.js';
import type { GremlinAction } from './personas.js';
import type { SafetyRecord } from './safety.js';
import { armClickWatch, clickChangedSomething, documentMark, fieldFate, loadingIndicators, markDocument } from './watch.js';

export type Found = Pick<Breakage, 'kind' | 'message'>;

/** A click must show an effect within this long to count as doing something. */
export const DEAD_CLICK_MS = 1500;
/** A loading indicator still showing after this long with no request in flight never ends. */
export const SPINNER_QUIET_MS = 5000;
const SPINNER_MAX_WAIT_MS = 12_000;
/** Controls whose whole point is to empty fields. */
const CLEARS = /\b(clear|reset|cancel|remove|delete|discard|empty|new|close|start over|undo)\b/i;

export interface StepOutcome {
  error: string | null;
  happened: Happened;
  urlBefore: string;
  urlAfter: string;
  startedAt: string;
  durationMs: number;
  found: Found[];
}

interface Typed {
  css: string;
  value: string;
  url: string;
  doc: string;
}

export class ChaosStepper {
  private typed: Typed[] = [];
  private judged = new Set<string>();

  /**
   * `only`: a replay looking for one kind skips the watches that wait (dead clicks, spinners) when
   * they are not that kind; a walk watches for everything.
   */
  constructor(private readonly page: PageSession, private readonly safety: SafetyRecord, private readonly hurried: boolean, private readonly only: Breakage['kind'] | null = null) {}

  private watches(kind: Breakage['kind']): boolean {
    return this.only === null || this.only === kind;
  }

  async play(action: GremlinAction): Promise<StepOutcome> {
    const { page } = this;
    const p = page.page;
    const before = await lookAt(p);
    const watched = action.kind === 'click' && action.repeat === 1 && !this.hurried && this.watches('dead_click') && (await armClickWatch(p, action.target.css));
    const mark = page.mark();
    const popups = page.popups.length + page.downloads.length;
    const answeredBefore = this.safety.answered();
    const urlBefore = p.url();
    const started = Date.now();
    const act = await perform(p, action, this.hurried);
    if (!this.hurried) await page.settle(1000, 150);
    await within(page.net.flush(), 1000, undefined);
    const after = await lookAt(p);
    let happened = page.since(mark);
    const urlAfter = p.url();
    const outcome = (found: Found[]): StepOutcome => ({ error: act.error, happened, urlBefore, urlAfter, startedAt: new Date(started).toISOString(), durationMs: Date.now() - started, found });
    // Something broke that siteqa itself may have caused (a request it answered with 204): not counted.
    if (this.safety.answered() > answeredBefore) {
      this.typed = [];
      return outcome([]);
    }
    // A page that is not a web page (the browser's about:blank) cannot be "blank" by the site's doing.
    const found: Found[] = breakagesOf(happened, before, after).filter((f) => f.kind !== 'blank_page' || /^https?:/.test(urlAfter));
    if (watched && !act.error && urlAfter === urlBefore) {
      const quiet = () => page.since(mark).requests.length === 0 && page.since(mark).dialogs.length === 0 && page.popups.length + page.downloads.length === popups && p.url() === urlBefore;
      if (quiet() && !(await clickChangedSomething(p))) {
        // Nothing yet: give late effects (debounced handlers, slow renders) the rest of the window.
        await sleep(Math.max(0, Math.min(DEAD_CLICK_MS - (Date.now() - started), page.left() - 2000)));
        if (quiet() && !(await clickChangedSomething(p)) && action.kind === 'click') {
          found.push({ kind: 'dead_click', message: `clicking ${describe(action.target)} on ${pathOf(urlBefore)} did nothing: no navigation, request, dialog, page change, scroll or focus change within ${DEAD_CLICK_MS / 1000} s` });
        }
      }
      happened = page.since(mark);
    }
    found.push(...(await this.lostInput(action, act.kept, happened, urlBefore)));
    if (this.watches('endless_spinner')) found.push(...(await this.endlessSpinners()));
    return outcome(found);
  }

  /** Typed values that vanished from their field without being sent (same page, or the page returned to by history). */
  private async lostInput(action: GremlinAction, kept: string | null, happened: Happened, urlBefore: string): Promise<Found[]> {
    const p = this.page.page;
    const sent = happened.requests.some((r) => r.method !== 'GET') || (action.kind === 'fill' && action.submit && (p.url() !== urlBefore || happened.requests.length > 0));
    const clearing = (action.kind === 'click' && CLEARS.test(`${action.target.name ?? ''} ${action.target.text ?? ''}`)) || (action.kind === 'press' && action.key === 'Escape');
    if (sent || clearing) this.typed = [];
    if (action.kind === 'fill' && kept && kept.trim().length >= 2 && action.target.css && !sent) {
      this.typed = this.typed.filter((t) => t.css !== action.target.css || t.url !== urlBefore);
      this.typed.push({ css: action.target.css, value: kept, url: urlBefore, doc: await markDocument(p) });
    }
    const found: Found[] = [];
    const doc = await documentMark(p);
    const here = stripHash(p.url());
    const byHistory = action.kind === 'back' || action.kind === 'forward';
    for (const t of this.typed) {
      if (stripHash(t.url) !== here || !(doc === t.doc || byHistory)) continue;
      const fate = await fieldFate(p, t.css, t.value);
      // A field that left the page (a closed dialog, another view) starts afresh when it comes back.
      if (fate === 'gone') this.typed = this.typed.filter((x) => x !== t);
      if (fate !== 'lost') continue;
      found.push({ kind: 'lost_input', message: `what was typed into ${t.css} on ${pathOf(t.url)} was lost ${byHistory ? `after going ${action.kind}` : 'without being sent'}` });
      this.typed = this.typed.filter((x) => x !== t);
    }
    return found;
  }

  /** Loading indicators still showing after SPINNER_QUIET_MS without a request in flight; each judged once. */
  private async endlessSpinners(): Promise<Found[]> {
    const { page } = this;
    const found: Found[] = [];
    for (const s of await loadingIndicators(page.page)) {
      const key = `${pathOf(page.page.url())} ${s.css}`;
      if (this.judged.has(key)) continue;
      this.judged.add(key);
      const seen = Date.now();
      const end = seen + Math.min(SPINNER_MAX_WAIT_MS, page.left() - 3000);
      let stuck = false;
      while (Date.now() < end) {
        const quietSince = Math.max(seen, page.net.lastActivity());
        if (page.net.inflight() === 0 && Date.now() - quietSince >= SPINNER_QUIET_MS) {
          stuck = (await loadingIndicators(page.page)).some((x) => x.css === s.css);
          break;
        }
        if (!(await loadingIndicators(page.page)).some((x) => x.css === s.css)) break;
        await sleep(250);
      }
      if (stuck) found.push({ kind: 'endless_spinner', message: `the loading indicator “${s.label}” on ${pathOf(page.page.url())} was still showing after ${SPINNER_QUIET_MS / 1000} s with no request in flight` });
    }
    return found;
  }
}

/** Acts out one persona move; `kept` is what a filled field holds right after the typing (before any Enter). */
export async function perform(page: Page, a: GremlinAction, hurried: boolean): Promise<{ error: string | null; kept: string | null }> {
  const loc = (css: string | null) => page.locator(css ?? 'body').first();
  let kept: string | null = null;
  try {
    // A replay may ask for an element this page does not have: skip at once rather than wait for it.
    if ('target' in a && !(await loc(a.target.css).isVisible())) return { error: 'the target is not on the page', kept };
    // tel:, mailto:, sms: and app links hand over to another program, not a page: nothing to watch, and
    // headless Chromium stops following links after one.
    if (a.kind === 'click' && a.target.role === 'link') {
      const scheme = await within(loc(a.target.css).evaluate((el) => (el.closest('a') as HTMLAnchorElement | null)?.protocol ?? ''), 1000, '').catch(() => '');
      if (scheme && !['http:', 'https:', 'javascript:'].includes(scheme)) return { error: `the link opens another program (${scheme})`, kept };
    }
    switch (a.kind) {
      case 'click': {
        // Repeated clicks go to the element chosen, held by handle: once a click navigated away the
        // rest fail on the detached element instead of landing on whatever the same CSS path finds
        // on the next page (which the persona never chose, and the app model may forbid).
        const handle = await loc(a.target.css).elementHandle({ timeout: 2000 });
        try {
          for (let i = 0; i < a.repeat; i++) await handle.click({ timeout: 2000, noWaitAfter: hurried, force: hurried && i > 0 });
        } finally {
          await handle.dispose().catch(() => {});
        }
        break;
      }
      case 'click_near': {
        const box = await loc(a.target.css).boundingBox({ timeout: 2000 });
        if (!box) return { error: 'the target has no box', kept };
        await page.mouse.click(box.x + box.width / 2 + a.dx, box.y + box.height / 2 + a.dy);
        break;
      }
      case 'fill':
        await loc(a.target.css).fill(a.value, { timeout: 2000 });
        kept = await within(loc(a.target.css).inputValue({ timeout: 500 }), 1000, null).catch(() => null);
        if (a.submit) await page.keyboard.press('Enter');
        break;
      case 'press':
        await page.keyboard.press(a.key);
        break;
      case 'back':
        await page.goBack({ timeout: 3000 });
        // Back from the start page leads to the browser's empty first entry, not the site: return.
        if (page.url() === 'about:blank') await page.goForward({ timeout: 3000 });
        break;
      case 'forward':
        await page.goForward({ timeout: 3000 });
        break;
    }
    return { error: null, kept };
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0]!.slice(0, 200), kept };
  }
}

const describe = (t: { role: string | null; name: string | null; text: string | null; css: string | null }) => `${t.role ?? 'the element'} “${t.name ?? t.text ?? t.css ?? ''}”`;

export function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

const stripHash = (url: string) => url.replace(/#.*$/, '');
