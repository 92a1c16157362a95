// Expectation steps: text present or absent, URL, document status, an element visible, waiting for
// text. Each polls until it holds or its timeout passes (pages render late); "no text" is judged
// once the page has settled, since waiting for absence would only wait out the timeout.
import type { StepTargetIdentity } from '../evidence/types.js';
import type { PageSession } from '../capture/session/page-session.js';
import { within } from '../capture/time.js';
import { resolveByName, type TargetKind } from './resolve.js';
import type { ActAction, ActStep } from './types.js';

const EXPECTATIONS = new Set<ActAction>(['wait_for', 'expect_text', 'expect_no_text', 'expect_url', 'expect_status', 'expect_visible']);

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

export async function checkExpectation(session: PageSession, step: ActStep, kind: TargetKind | undefined, timeout: number): Promise<Verdict> {
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
    default:
      return { ok: false, error: `${step.action} is not an expectation` };
  }
}
