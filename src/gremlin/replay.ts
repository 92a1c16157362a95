// A shrinking replay: a persona's moves played again in a fresh page session (a new browser context:
// no cookies, no storage, no history — but a signed-in walk's session cookies, see
// RunSession.newContext) from the start URL, under the same safety contract, watching
// for one breakage by its signature. It stops at the first sighting, at a payment form, or when the
// run's time is nearly out. A replay is always a dry run, even on a host authorized for writes: the
// walk sent its writes once, and up to 30 replays must not post the same review 30 more times. The
// writes a replay held back from an authorized host are counted for the run's notes.
import type { RunSession } from '../capture/session/run-session.js';
import type { Breakage } from '../evidence/types.js';
import { within } from '../capture/time.js';
import { signatureOf } from './breakage.js';
import type { ChaosModelPolicy } from './app-model-policy.js';
import type { GremlinAction } from './personas.js';
import { installSafety, PAYMENT_FORM_SELECTOR, type SafetyRecord } from './safety.js';
import { ChaosStepper } from './step.js';

export interface ReplaySetup {
  session: RunSession;
  startUrl: string;
  /** Hosts the walk could write to: replays never do, and count what they held back from them. */
  mutationHosts: ReadonlySet<string>;
  /** Tally of writes to those hosts answered locally instead of sent again. */
  heldBack?: { writes: number };
  /** The run's app model: replays keep out of its never-touch areas like the walk did. */
  model?: ChaosModelPolicy | null;
  hurried: boolean;
  /** Time (ms) the run must keep for itself after a replay. */
  reserveMs: number;
}

export async function replayShows(setup: ReplaySetup, actions: GremlinAction[], signature: string, kind: Breakage['kind'] | null = null): Promise<boolean> {
  const { session } = setup;
  const context = await session.newContext();
  let safety: SafetyRecord | null = null;
  try {
    safety = await installSafety(context, { mutationHosts: NO_HOSTS, step: () => -1, model: setup.model ?? null });
    const page = await session.openPage(context);
    const nav = await page.goto(setup.startUrl, { maxMs: 1000, quietMs: 150 });
    if (nav.error) return false;
    const site = new URL(setup.startUrl).host;
    const stepper = new ChaosStepper(page, safety, setup.hurried, kind);
    for (const action of actions) {
      if (session.left() < setup.reserveMs) return false;
      if (await within(page.page.locator(PAYMENT_FORM_SELECTOR).first().isVisible(), 1000, false)) return false;
      if (new URL(page.page.url()).host !== site) await within(page.page.goBack({ timeout: 3000 }), 4000, null);
      const out = await stepper.play(action);
      if (out.found.some((f) => signatureOf(f, out.urlAfter) === signature)) return true;
    }
    return false;
  } finally {
    await session.closeContext(context);
    if (setup.heldBack && safety) setup.heldBack.writes += safety.wouldHaveSent.filter((w) => setup.mutationHosts.has(hostOf(w.url))).length;
  }
}

const NO_HOSTS: ReadonlySet<string> = new Set();

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
