// Signing in with an app model's test account before a run walks the site: go to the login page,
// fill the user name and the password (as `{{NAME}}` variables, so every recorded string and every
// screenshot masks them), submit, and check the success signal. Recorded as a flow of its own
// ("Log in as NAME"): a failed step is a flows.step_failed finding with its screenshot. The browser
// context keeps the session cookies for what follows.
import type { Locator } from 'playwright-core';
import type { LoginConditions, FlowEvidence, StepEvidence } from '../evidence/types.js';
import type { PageSession } from '../capture/session/page-session.js';
import { within } from '../capture/time.js';
import { compilePattern, matchesPath } from '../app-models/patterns.js';
import { identityOf } from './identity.js';
import { performStep, type StepContext } from './perform.js';
import { secretScrubber } from './secrets.js';
import type { ActStep, Variables } from './types.js';

/** A signed-in run's plan: the account's values are in it, so it lives only in the driver's input. */
export interface LoginPlan {
  account: string;
  /** Absolute URL of the login page. */
  url: string;
  username: string;
  password: string;
  username_field?: string;
  password_field?: string;
  submit?: string;
  success?: { url?: string; text?: string; selector?: string };
}

/** What a driver is given about the login: the plan, or why there is none (a note, the run goes on logged out). */
export type LoginInput = { plan: LoginPlan } | { skipped: { account: string | null; url: string; reason: string } };

export interface LoginOptions {
  page: PageSession;
  plan: LoginPlan;
  keepImage: (jpeg: Buffer, caption: string) => string | null;
  /**
   * Called with the URL the login form submits to just before submitting (a dry run lets exactly that
   * one through), and with null as soon as the submit step is over: the success check is not part of it.
   */
  authorize?: (target: URL | null) => void;
  onStep?: (step: StepEvidence) => void;
}

export interface LoginResult {
  flow: FlowEvidence;
  conditions: Omit<LoginConditions, 'submitted'>;
  /** Masks every recorded string of the run: the account's values never leave the browser. */
  scrub: (s: string) => string;
  /** On-page text to mask in later screenshots (the values themselves). */
  secretTexts: string[];
}

const CHECK_MS = 5000;

export function loginVariables(plan: LoginPlan): Variables {
  return { [plan.account]: plan.username, [`${plan.account}_PASSWORD`]: plan.password };
}

export async function logIn(opts: LoginOptions): Promise<LoginResult> {
  const { page, plan } = opts;
  const vars = loginVariables(plan);
  const scrub = secretScrubber(vars);
  const secretTexts = Object.values(vars).filter((v) => v.length >= 3);
  const ctx: StepContext = { index: 0, baseUrl: plan.url, vars, scrub, secretFields: [], secretTexts, keepImage: (jpeg, caption) => opts.keepImage(jpeg, `log in as ${plan.account} · ${caption}`) };
  const steps: StepEvidence[] = [];
  const name = `Log in as ${plan.account}`;
  const result = (failed: StepEvidence | null): LoginResult => ({
    flow: { flow_id: null, name, spec_version: null, outcome: failed ? 'failed' : 'passed', error: null, steps },
    conditions: {
      account: plan.account, url: scrub(plan.url), outcome: failed ? 'failed' : 'logged_in',
      reason: failed ? `the login failed at step ${failed.index + 1} (${failed.action}${failed.target ? ` "${failed.target}"` : ''}): ${failed.error}` : null,
    },
    scrub, secretTexts,
  });
  const run = async (step: ActStep): Promise<StepEvidence | null> => {
    const { evidence } = await performStep(page, step, { ...ctx, index: steps.length });
    steps.push(evidence);
    opts.onStep?.(evidence);
    return evidence.outcome === 'failed' ? evidence : null;
  };

  let failed = await run({ id: 'login-goto', action: 'goto', url: plan.url });
  if (failed) return result(failed);
  // The fields: as declared, or found from the password field (its form's text or e-mail field).
  const password = plan.password_field ?? null;
  const pwField = password ? null : await firstVisible(page.page.locator('input[type=password]'));
  if (!password && !pwField) return result(manualStep(steps, 'login-find', 'fill', null, page.page.url(), 'the login page shows no password field (name it in login.password_field)', opts.onStep, scrub));
  const userField = plan.username_field ?? null;
  const userLocator = userField ? null : await firstVisible(pwField
    ? pwField.locator('xpath=ancestor::form[1]').locator('input[type=email], input[type=text], input:not([type])')
    : page.page.locator('input[type=email], input[type=text], input[autocomplete=username]'));
  const pin = async (loc: Locator | null) => (loc ? { pinned: await identityOf(loc).catch(() => null) } : {});
  if (userField || userLocator) {
    failed = await run({ id: 'login-user', action: 'fill', target: userField ?? 'user name', value: `{{${plan.account}}}`, ...(await pin(userLocator)) });
    if (failed) return result(failed);
  }
  failed = await run({ id: 'login-password', action: 'fill', target: password ?? 'password', value: `{{${plan.account}_PASSWORD}}`, ...(await pin(pwField)) });
  if (failed) return result(failed);

  // Where the form goes: the one request a dry run lets through.
  const filled = ctx.secretFields.at(-1);
  const form = filled ? await within(filled.evaluate((el) => {
    const f = (el as HTMLInputElement).form;
    return f ? { action: f.action || location.href, hasSubmit: !!f.querySelector('button:not([type]), button[type=submit], input[type=submit], input[type=image]') } : null;
  }), 2000, null) : null;
  // The page names the action: one that is not an http(s) URL (`action="http://["`) authorizes nothing.
  const target = form ? httpUrl(form.action) : null;
  if (target) opts.authorize?.(target);
  if (plan.submit) {
    failed = await run({ id: 'login-submit', action: 'click', target: plan.submit });
  } else if (form?.hasSubmit && filled) {
    const button = await firstVisible(filled.locator('xpath=ancestor::form[1]').locator('button:not([type]), button[type=submit], input[type=submit], input[type=image]'));
    failed = await run(button ? { id: 'login-submit', action: 'click', target: 'submit', ...(await pin(button)) } : { id: 'login-submit', action: 'press', key: 'Enter' });
  } else {
    failed = await run({ id: 'login-submit', action: 'press', key: 'Enter' });
  }
  opts.authorize?.(null);
  if (failed) return result(failed);
  return result(await checkSignedIn(opts, steps, ctx));
}

/** The success signal: each declared part must hold within a few seconds; by default, no password field is left. */
async function checkSignedIn(opts: LoginOptions, steps: StepEvidence[], ctx: StepContext): Promise<StepEvidence | null> {
  const { page, plan } = opts;
  const started = Date.now();
  const s = plan.success;
  const holds = async (): Promise<string | null> => {
    const status = page.net.mainDocument()?.record.status ?? null;
    if (status !== null && status >= 400) return `the page answered ${status}`;
    // A submit that went nowhere (about:blank#blocked, an error page) shows no password field either.
    if (!/^https?:$/.test(safeProtocol(page.page.url()))) return `the page is ${ctx.scrub(page.page.url().slice(0, 200))}, not a page of the site`;
    if (s?.url && !matchesPath(compilePattern(s.url), page.page.url())) return `the page is ${ctx.scrub(page.page.url())}, not ${s.url}`;
    if (s?.text && !(await within(page.page.locator('body').innerText({ timeout: 1000 }), 1500, '')).toLowerCase().includes(s.text.toLowerCase())) return `the page does not show "${s.text}"`;
    if (s?.selector && !(await within(page.page.locator(s.selector).first().isVisible(), 1000, false))) return `nothing matching ${s.selector} is visible`;
    if (!s && (await firstVisible(page.page.locator('input[type=password]')))) return 'the page still shows a password field';
    return null;
  };
  let problem = await holds();
  while (problem && Date.now() - started < CHECK_MS && page.left() > 1500) {
    await new Promise((r) => setTimeout(r, 200));
    problem = await holds();
  }
  const what = s ? Object.entries(s).map(([k, v]) => `${k} ${v}`).join(', ') : 'no password field left';
  if (!problem) {
    manualStep(steps, 'login-check', 'expect_signed_in', what, page.page.url(), null, opts.onStep, ctx.scrub);
    return null;
  }
  let said = '';
  for (const sel of ['[role=alert]', '.error, .alert, [aria-live=assertive]', 'h1']) {
    said = await within(page.page.locator(sel).filter({ visible: true }).first().innerText({ timeout: 500 }), 1000, '');
    if (said.trim()) break;
  }
  const seen = said.trim() ? ` — it says "${ctx.scrub(said.replace(/\s+/g, ' ').trim().slice(0, 160))}"` : '';
  const shot = await page.screenshot({ mask: [...ctx.secretFields, page.page.locator('input[type=password]'), ...ctx.secretTexts.map((t) => page.page.getByText(t))] });
  const ev = manualStep(steps, 'login-check', 'expect_signed_in', what, page.page.url(), `${problem}${seen}`, opts.onStep, ctx.scrub);
  ev.status = page.net.mainDocument()?.record.status ?? null;
  ev.screenshot = shot ? ctx.keepImage(shot, `step ${ev.index + 1}: not signed in`) : null;
  return ev;
}

/** A step the login records itself; its URL (the page behind the login may name the account) is masked. */
function manualStep(steps: StepEvidence[], id: string, action: string, target: string | null, url: string, error: string | null, onStep: ((s: StepEvidence) => void) | undefined, scrub: (s: string) => string): StepEvidence {
  const ev: StepEvidence = {
    index: steps.length, step_id: id, action, target, value: null, outcome: error ? 'failed' : 'passed', error, resolved: null, candidates: [],
    url_before: scrub(url), url_after: scrub(url), status: null, started_at: new Date().toISOString(), duration_ms: 0, requests: [], console: [], page_errors: [], screenshot: null,
  };
  steps.push(ev);
  onStep?.(ev);
  return ev;
}

function safeProtocol(raw: string): string {
  try {
    return new URL(raw).protocol;
  } catch {
    return '';
  }
}

function httpUrl(raw: string): URL | null {
  try {
    const u = new URL(raw);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

async function firstVisible(loc: Locator): Promise<Locator | null> {
  const all = await loc.filter({ visible: true }).all().catch(() => [] as Locator[]);
  return all[0] ?? null;
}
