// A shrinking replay: a persona's moves played again in a fresh page session (a new browser context:
// no cookies, no storage, no history — but a signed-in walk's session cookies, see RunSession.newContext) from the start URL, under the same safety contract, watching
// for one breakage by its signature. It stops at the first sighting, at a payment form, or when the
// run's time is nearly out.
import type { RunSession } from '../capture/session/run-session.js';
import type { Breakage } from '../evidence/types.js';
import { within } from '../capture/time.js';
import { signatureOf } from './breakage.js';
import type { ChaosModelPolicy } from './app-model-policy.js';
import type { GremlinAction } from './personas.js';
import { installSafety, PAYMENT_FORM_SELECTOR } from './safety.js';
import { ChaosStepper } from './step.js';

export interface ReplaySetup {
  session: RunSession;
  startUrl: string;
  mutationHosts: ReadonlySet<string>;
  /** The run's app model: replays keep out of its never-touch areas like the walk did. */
  model?: ChaosModelPolicy | null;
  hurried: boolean;
  /** Time (ms) the run must keep for itself after a replay. */
  reserveMs: number;
}

export async function replayShows(setup: ReplaySetup, actions: GremlinAction[], signature: string, kind: Breakage['kind'] | null = null): Promise<boolean> {
  const { session } = setup;
  const context = await session.newContext();
  try {
    const safety = await installSafety(context, { mutationHosts: setup.mutationHosts, step: () => -1, model: setup.model ?? null });
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
  }
}
