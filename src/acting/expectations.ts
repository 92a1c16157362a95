// Expectation steps: text present or absent, URL, document status, an element visible, waiting for
// text, no errors on the page. Each polls until it holds or its timeout passes (pages render late);
// "no text" and "no errors" are judged once the page has settled, since waiting for absence would
// only wait out the timeout. "No errors" looks at everything the page logged since the flow's
// previous `expect_no_errors` step (or since the flow started: each flow has its own page).
import type { StepTargetIdentity } from '../evidence/types.js';
import type { PageSession, SessionMark } from '../capture/session/page-session.js';
import { within } from '../capture/time.js';
import { describePageErrors, pageErrorsIn } from './page-errors.js';
import { resolveByName, type TargetKind } from './resolve.js';
import type { ActAction, ActStep } from './types.js';

const EXPECTATIONS = new Set<ActAction>(['wait_for', 'expect_text', 'expect_no_text', 'expect_url', 'expect_status', 'expect_visible', 'expect_no_errors']);

/** Where each page's previous `expect_no_errors` looked up to, and which step it was. */
const lastErrorCheck = new WeakMap<PageSession, { mark: SessionMark; index: number }>();
const FLOW_START: SessionMark = { requests: 0, console: 0, errors: 0, dialogs: 0, at: 0 };

/** What an expectation needs to know about the flow around it. */
export interface ExpectationContext {
  /** The flow's start URL: the site whose 5xx answers `expect_no_errors` counts. */
  baseUrl: string;
  /** The step's index in the flow. */
  index: number;
}

export function isExpectation(action: ActAction): boolean {
  return EXPECTATIONS.has(action);
}

export interface Verdict {
  ok: boolean;
  error: string;
  identity?: StepTargetIdentity;
  candidates?: StepTargetIdentity[];
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

export async function checkExpectation(session: PageSession, step: ActStep, kind: TargetKind | undefined, timeout: number, ctx: ExpectationContext): Promise<Verdict> {
  const { page } = session;
  const bodyText = async () => norm(await within(page.locator('body').innerText({ timeout: 1000 }), 1500, ''));
  const until = async (holds: () => Promise<boolean>): Promise<boolean> => {
    const end = Date.now() + timeout;
    for (;;) {
      if (await holds()) return true;
      if (Date.now() + 100 > end) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const text = step.text ?? step.target ?? '';
  switch (step.action) {
    case 'wait_for':
    case 'expect_text': {
      const ok = await until(async () => (await bodyText()).includes(norm(text)));
      return { ok, error: `the page does not show "${text}"${step.action === 'wait_for' ? ` within ${timeout} ms` : ''}` };
    }
    case 'expect_no_text': {
      await session.settle(1000, 120);
      const ok = !(await bodyText()).includes(norm(text));
      return { ok, error: `the page shows "${text}"` };
    }
    case 'expect_url': {
      const part = step.text ?? step.url ?? '';
      const ok = await until(async () => page.url().includes(part));
      return { ok, error: `the URL ${page.url()} does not contain "${part}"` };
    }
    case 'expect_status': {
      const status = session.net.mainDocument()?.record.status ?? null;
      return { ok: status === step.status, error: `the page answered ${status ?? 'nothing'}, expected ${step.status}` };
    }
    case 'expect_visible': {
      const end = Date.now() + timeout;
      for (;;) {
        const r = await resolveByName(page, kind ?? 'visible', step.target ?? '');
        if (r.ok) return { ok: true, error: '', identity: r.identity };
        if (!r.retry || Date.now() + 150 > end) return { ok: false, error: r.error, candidates: r.candidates };
        await new Promise((res) => setTimeout(res, 150));
      }
    }
    case 'expect_no_errors': {
      // Late errors (an async render, a request still in flight) belong to the steps before.
      await session.settle(1000, 120);
      await within(session.net.flush(), 1000, undefined);
      const previous = lastErrorCheck.get(session);
      lastErrorCheck.set(session, { mark: session.mark(), index: ctx.index });
      const errors = pageErrorsIn(session.since(previous?.mark ?? FLOW_START), { siteUrl: ctx.baseUrl, console: step.console_errors === true });
      return { ok: errors.length === 0, error: describePageErrors(errors, previous ? `step ${previous.index + 1} checked it` : 'the flow started') };
    }
    default:
      return { ok: false, error: `${step.action} is not an expectation` };
  }
}
