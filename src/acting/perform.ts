// Performs one step in a page session and records what happened: the action, the element it
// resolved (checked against the pinned identity on replays), URL before and after, requests,
// console errors and uncaught exceptions since the step began, a screenshot with every secret
// masked, and timings. A step never touches an element it is not sure of.
import type { Locator } from 'playwright-core';
import type { StepEvidence, StepTargetIdentity } from '../evidence/types.js';
import type { PageSession } from '../capture/session/page-session.js';
import { within } from '../capture/time.js';
import { checkExpectation, isExpectation } from './expectations.js';
import { resolveByName, resolvePinned, type Resolution, type TargetKind } from './resolve.js';
import { fillVariables, usesVariables } from './secrets.js';
import { DEFAULT_STEP_TIMEOUT_MS, type ActStep, type Variables } from './types.js';

export interface StepContext {
  index: number;
  /** The flow's start URL: relative `goto` URLs resolve against it. */
  baseUrl: string;
  vars: Variables;
  /** Applied to every recorded string (requests, console) so no variable value is kept. */
  scrub: (s: string) => string;
  /** Elements that hold a secret (filled from a variable), masked in every later screenshot. */
  secretFields: Locator[];
  /** Extra on-page text to mask in screenshots (the variable values themselves). */
  secretTexts: string[];
  /** Keeps a screenshot; returns its image id (null when none may be kept). */
  keepImage: (jpeg: Buffer, caption: string) => string | null;
  defaultTimeoutMs?: number;
  /** False: no screenshot after the step (discovery clicks, where only the outcome matters). */
  screenshot?: boolean;
}

export interface StepResult {
  evidence: StepEvidence;
  /** The element's identity when the step passed or healed: what a first run pins. */
  identity: StepTargetIdentity | null;
}

const TARGET_KIND: Partial<Record<ActStep['action'], TargetKind>> = {
  click: 'clickable', fill: 'field', select: 'select', check: 'toggle', uncheck: 'toggle', expect_visible: 'visible',
};

export async function performStep(session: PageSession, step: ActStep, ctx: StepContext): Promise<StepResult> {
  const { page } = session;
  const timeout = Math.max(500, Math.min(step.timeout_ms ?? ctx.defaultTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS, session.left()));
  const started = Date.now();
  const mark = session.mark();
  const docBefore = session.net.mainDocument()?.record;
  const ev: StepEvidence = {
    index: ctx.index, step_id: step.id, action: step.action, target: step.target ?? null,
    value: step.value ?? step.url ?? step.key ?? step.text ?? (step.status !== undefined ? String(step.status) : null) ?? (step.console_errors ? 'console errors too' : null),
    outcome: 'passed', error: null, resolved: null, candidates: [], url_before: page.url(), url_after: page.url(),
    status: null, started_at: new Date(started).toISOString(), duration_ms: 0, requests: [], console: [], page_errors: [], screenshot: null,
  };
  let identity: StepTargetIdentity | null = null;
  try {
    const kind = TARGET_KIND[step.action];
    if (kind && step.action !== 'expect_visible') {
      const r = await resolveWithin(session, kind, step, timeout);
      if (!r.ok) return fail(r.error, r);
      ev.resolved = r.identity;
      identity = r.identity;
      if (r.healed) {
        ev.outcome = 'healed';
        ev.error = r.note;
      }
      await act(step, r.locator, timeout);
    } else if (step.action === 'goto') {
      const url = new URL(fillVariables(step.url ?? '/', ctx.vars).value, ctx.baseUrl).href;
      // A step is over when the page is quiet; a flow has no analytics hits to wait for, so a
      // shorter quiet window than the crawl's (which waits for hits sent at load) will do.
      const nav = await session.goto(url, ACT_SETTLE);
      if (nav.error) return fail(`could not load ${ctx.scrub(url)}: ${nav.error}`);
      return done();
    } else if (step.action === 'press') {
      await page.keyboard.press(step.key ?? 'Enter');
    } else if (isExpectation(step.action)) {
      const verdict = await checkExpectation(session, step, kind, timeout, { baseUrl: ctx.baseUrl, index: ctx.index });
      if (verdict.identity) ev.resolved = identity = verdict.identity;
      if (!verdict.ok) return fail(verdict.error, { candidates: verdict.candidates ?? [] });
    }
    await settleAfterAction(session);
    return done();
  } catch (err) {
    return fail(describeError(err));
  }

  async function act(s: ActStep, target: Locator, ms: number): Promise<void> {
    const fill = () => {
      const { value, missing } = fillVariables(s.value ?? '', ctx.vars);
      if (missing.length) throw new Error(`no value for ${missing.map((m) => `{{${m}}}`).join(', ')}: store it as a credential or pass it with the run`);
      return value;
    };
    switch (s.action) {
      case 'click':
        await target.click({ timeout: ms });
        return;
      case 'fill':
        await target.fill(fill(), { timeout: ms });
        if (usesVariables(s.value)) ctx.secretFields.push(target);
        return;
      case 'select':
        await target.selectOption({ label: fill() }, { timeout: ms }).catch(() => target.selectOption(fill(), { timeout: ms }));
        return;
      case 'check':
        await target.check({ timeout: ms });
        return;
      case 'uncheck':
        await target.uncheck({ timeout: ms });
        return;
    }
  }

  async function fail(error: string, more: Partial<Pick<Extract<Resolution, { ok: false }>, 'found' | 'candidates'>> = {}): Promise<StepResult> {
    ev.outcome = 'failed';
    ev.error = ctx.scrub(error);
    ev.candidates = more.candidates ?? [];
    if (more.found) ev.candidates = [more.found, ...ev.candidates];
    return done();
  }

  async function done(): Promise<StepResult> {
    ev.url_after = ctx.scrub(page.url());
    ev.url_before = ctx.scrub(ev.url_before);
    const docAfter = session.net.mainDocument()?.record;
    if (docAfter && docAfter !== docBefore) ev.status = docAfter.status;
    await within(session.net.flush(), 1000, undefined);
    const happened = session.since(mark);
    // Response headers too: a redirect after signing in may name the account (`location: /u/ada%40…`).
    ev.requests = happened.requests.map((r) => ({
      ...r, url: ctx.scrub(r.url), post_data: r.post_data === null ? null : ctx.scrub(r.post_data),
      response_headers: Object.fromEntries(Object.entries(r.response_headers).map(([k, v]) => [k, ctx.scrub(v)])),
    }));
    ev.console = happened.console.map((c) => ({ ...c, text: ctx.scrub(c.text) }));
    ev.page_errors = happened.page_errors.map((e) => ({ message: ctx.scrub(e.message), stack: e.stack === null ? null : ctx.scrub(e.stack) }));
    const mask = [...ctx.secretFields, page.locator('input[type=password]'), ...ctx.secretTexts.map((t) => page.getByText(t))];
    const jpeg = ctx.screenshot === false ? null : await session.screenshot({ mask });
    if (jpeg) ev.screenshot = ctx.keepImage(jpeg, `step ${ctx.index + 1}: ${ev.action}${ev.target ? ` "${ev.target}"` : ''}`);
    ev.duration_ms = Date.now() - started;
    return { evidence: ev, identity: ev.outcome === 'failed' ? null : identity };
  }
}

/** Resolves the step's target, waiting up to the step's timeout for it to appear (pages render late). */
async function resolveWithin(session: PageSession, kind: TargetKind, step: ActStep, timeout: number): Promise<Resolution> {
  const end = Date.now() + timeout;
  for (;;) {
    const r = step.pinned ? await resolvePinned(session.page, step.pinned) : await resolveByName(session.page, kind, step.target ?? '');
    if (r.ok || !r.retry || Date.now() + 150 > end) return r;
    await new Promise((res) => setTimeout(res, 150));
  }
}

const ACT_SETTLE = { maxMs: 1000, quietMs: 120 };

/** After an action: a navigation it started is followed to its load; then the network goes quiet. */
async function settleAfterAction(session: PageSession): Promise<void> {
  await within(session.page.waitForLoadState('domcontentloaded', { timeout: 0 }), Math.min(10_000, session.left()), undefined);
  await session.settle(ACT_SETTLE.maxMs, ACT_SETTLE.quietMs);
}

function describeError(err: unknown): string {
  const msg = (err as Error)?.message ?? String(err);
  return msg.split('\n')[0]!.replace(/^(locator|page)\.\w+: /, '').slice(0, 300);
}
