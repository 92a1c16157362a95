// Signing in before a driver's work (docs/app-models.md "Logging in"): the app model's login with
// its test account, in the page the driver goes on with (its context keeps the session cookies).
// The outcome is one of the run's conditions; a run that could not sign in goes on logged out with
// a note saying why. Never fails the run.
import { logIn, type LoginInput, type LoginResult } from '../../acting/login.js';
import type { FlowEvidence } from '../../evidence/types.js';
import type { LoginExemption } from '../../gremlin/safety.js';
import type { PageSession } from '../session/page-session.js';
import type { RunSession } from '../session/run-session.js';
import { VIEWPORT } from '../run-context.js';
import { scrubDeep } from '../../acting/secrets.js';
import type { Driver, DriverHooks } from './types.js';

export interface SignedIn {
  /** The login's steps, as a flow of the run (a failed step is a flows.step_failed finding). */
  flow: FlowEvidence | null;
  loggedIn: boolean;
  /** Masks the account's values in everything the driver records (whether or not the login worked). */
  scrub: (s: string) => string;
  /** On-page text to mask in screenshots (the values themselves). */
  secretTexts: string[];
}

export interface SignInOptions {
  /** A chaos run's dry run: the login form's submit URL is let through while signing in, and recorded. */
  exemption?: LoginExemption;
  /** Requests the dry run answered so far (a script-driven login posting elsewhere stays dry). */
  answered?: () => number;
}

export async function signInFirst(session: RunSession, page: PageSession, login: LoginInput, hooks: DriverHooks, opts: SignInOptions = {}): Promise<SignedIn> {
  if ('skipped' in login) {
    const { account, url, reason } = login.skipped;
    session.login = { account, url, outcome: 'skipped', reason, submitted: [] };
    session.notes.push(`Not logged in${account ? ` as ${account}` : ''}: ${reason}. The run went on logged out.`);
    return { flow: null, loggedIn: false, scrub: (x) => x, secretTexts: [] };
  }
  const { plan } = login;
  const dryBefore = opts.answered?.() ?? 0;
  let result: LoginResult;
  try {
    result = await logIn({
      page, plan,
      keepImage: (jpeg, caption) => session.addImage(jpeg, { kind: 'screenshot', content_type: 'image/jpeg', width: VIEWPORT.width, height: VIEWPORT.height, caption })?.id ?? null,
      authorize: (target) => {
        if (opts.exemption) opts.exemption.target = target;
      },
      onStep: (s) => hooks.onStep?.(s, `Log in as ${plan.account}`),
    });
  } finally {
    if (opts.exemption) opts.exemption.target = null;
  }
  // Whether or not it worked, the values may show on later pages (a form that kept what was typed).
  session.maskTexts = result.secretTexts;
  const c = result.conditions;
  if (c.outcome !== 'logged_in' && (opts.answered?.() ?? 0) > dryBefore) {
    c.reason += '; siteqa answered a request of the login itself (dry run): only the login form\'s own submit URL is let through';
  }
  session.login = { ...c, submitted: opts.exemption?.sent.slice() ?? [] };
  // Fresh contexts of the run (replays, the consent matrix, the measuring pass) start signed in too.
  if (c.outcome === 'logged_in') session.sessionCookies = await page.page.context().cookies();
  if (c.outcome !== 'logged_in') session.notes.push(`Not logged in as ${plan.account}: ${c.reason}. The run went on logged out.`);
  return { flow: result.flow, loggedIn: c.outcome === 'logged_in', scrub: result.scrub, secretTexts: result.secretTexts };
}

/** A logout link or form: a signed-in crawl never visits one (it would end the session it walks in). */
export const LOGOUT_URL = /(^|[\/_\-.?=&])(logout|log-out|logoff|log-off|signout|sign-out|sign_out|log_out)([\/.?=&]|$)/i;

/**
 * A driver that signs in first when its input carries a login (audits): its page is closed after,
 * the main context keeps the session; the login's steps become a flow of the run, and every value
 * of the account is masked in what the driver recorded.
 */
export function signingIn<I extends { login?: LoginInput | null }>(inner: Driver<I>): Driver<I> {
  return async (session, input, hooks) => {
    if (!input.login) return inner(session, input, hooks);
    const page = await session.openPage();
    let signed: SignedIn;
    try {
      signed = await signInFirst(session, page, input.login, hooks);
    } finally {
      await page.close();
    }
    const parts = await inner(session, input, scrubbedHooks(hooks, signed.scrub));
    for (const [i, n] of session.notes.entries()) session.notes[i] = signed.scrub(n);
    const flows = [...(signed.flow ? [signed.flow] : []), ...(parts.flows ?? [])];
    return { ...scrubDeep(parts, signed.scrub), ...(flows.length ? { flows: scrubDeep(flows, signed.scrub) } : {}) };
  };
}

/** Progress hooks that see what the driver records masked (a page behind the login may carry a value in its URL). */
export function scrubbedHooks(hooks: DriverHooks, scrub: (s: string) => string): DriverHooks {
  return {
    ...hooks,
    ...(hooks.onPage ? { onPage: (p, i) => hooks.onPage!(scrubDeep(p, scrub), i) } : {}),
    ...(hooks.onStep ? { onStep: (s, flow) => hooks.onStep!(scrubDeep(s, scrub), flow) } : {}),
  };
}

/** The crawl's page groups once signed in: logout URLs are a group of zero pages, like never-touch areas. */
export function keepSignedIn(groups: ((url: string) => { key: string; max: number } | null) | null, signedIn: boolean): ((url: string) => { key: string; max: number } | null) | null {
  if (!signedIn) return groups;
  return (url) => {
    let path = url;
    try {
      const u = new URL(url);
      path = u.pathname + u.search;
    } catch {
      // not a URL: matched as given
    }
    return LOGOUT_URL.test(path) ? { key: 'never_touch', max: 0 } : (groups?.(url) ?? null);
  };
}
