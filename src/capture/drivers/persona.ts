// The persona driver of a chaos run: a page session from the start URL, then up to `stepCap`
// actions chosen by the persona from what the page offers (seeded: the same seed replays the same
// walk), each checked by code for breakage. The safety contract is installed first: non-GET
// requests answered locally unless authorized, payment providers never reached, and the run stops
// when a payment form appears. The run stays on the start URL's site.
import { interactiveIdentities } from '../../acting/identity.js';
import type { LoginInput } from '../../acting/login.js';
import { scrubDeep } from '../../acting/secrets.js';
import type { AppModelDoc } from '../../app-models/document.js';
import type { Breakage, ChaosEvidence, FlowEvidence, PageEvidence, StepEvidence } from '../../evidence/types.js';
import { signatureOf } from '../../gremlin/breakage.js';
import { draftFlowOf, reproductionOf, type Played } from '../../gremlin/draft-flow.js';
import { chooseAction, rng, type GremlinAction, type Persona } from '../../gremlin/personas.js';
import { chaosPolicyOf, type ChaosModelPolicy } from '../../gremlin/app-model-policy.js';
import { withoutNeverTouch } from '../../gremlin/never-touch.js';
import { replayShows } from '../../gremlin/replay.js';
import { installSafety, PAYMENT_FORM_SELECTOR, type LoginExemption } from '../../gremlin/safety.js';
import { shrinkWalk } from '../../gremlin/shrink.js';
import { ChaosStepper, type StepOutcome } from '../../gremlin/step.js';
import type { RunSession } from '../session/run-session.js';
import { snapshotPage } from '../page-recorder.js';
import { VIEWPORT } from '../run-context.js';
import { within } from '../time.js';
import { scrubbedHooks, signInFirst, type SignedIn } from './sign-in.js';
import { emptySite, type Driver, type DriverHooks } from './types.js';

/** Replays a run may spend shrinking its breakages, all together. */
export const MAX_REPLAYS = 30;
/** Kinds reported only when a replay in a fresh session showed them again. */
const NEEDS_REPLAY = new Set<Breakage['kind']>(['dead_click', 'endless_spinner', 'lost_input']);
/** Time a run keeps for itself (the final snapshot) while shrinking. */
const SHRINK_RESERVE_MS = 20_000;

export interface PersonaInput {
  url: string;
  persona: Persona;
  seed: number;
  stepCap: number;
  mutationHosts: string[];
  /** Untrusted words that may only bias which targets are chosen. */
  direction: string | null;
  /** The app model the run pinned (never-touch areas, destructive actions); null when none applies. */
  appModel?: AppModelDoc | null;
  /** The app model's login with its test account (docs/app-models.md "Logging in"); null when the model declares none. */
  login?: LoginInput | null;
}

export const personaDriver: Driver<PersonaInput> = async (session, input, hooks) => {
  const r = rng(input.seed);
  let step = 0;
  const mutationHosts = new Set(input.mutationHosts.map((h) => h.toLowerCase()));
  const model = chaosPolicyOf(input.appModel, new URL(input.url).hostname);
  const exemption: LoginExemption = { target: null, sent: [] };
  const safety = await installSafety(session.context, { mutationHosts, step: () => step, model, login: exemption });
  const unusable = new Set<string>();
  const page = await session.openPage();
  const site = new URL(input.url).host;
  const words = (input.direction ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4).slice(0, 20);
  const steps: StepEvidence[] = [];
  const breakages: Breakage[] = [];
  const seen = new Set<string>();
  const signatures: string[] = [];
  const played: Played[] = [];
  const stepper = new ChaosStepper(page, safety, input.persona === 'impatient');
  let paymentStop: ChaosEvidence['payment_stop'] = null;
  let pages: PageEvidence[] = [];
  let deadlineHit = false;
  let signedIn: SignedIn | null = null;
  // What the walk reports as it goes, masked once signed in (a page behind the login may show the account).
  let report = hooks;
  const mask = () => ['input[type=password]', ...(signedIn?.secretTexts ?? []).map((t) => page.page.getByText(t))];
  try {
    // Signed in first when the model says how: the walk then happens behind the login.
    if (input.login) {
      signedIn = await signInFirst(session, page, input.login, hooks, { exemption, answered: () => safety.answered() });
      report = scrubbedHooks(hooks, signedIn.scrub);
    }
    const nav = await page.goto(input.url, { maxMs: 1000, quietMs: 150 });
    if (nav.error) throw new Error(`the start page could not be loaded: ${nav.error}`);
    for (step = 0; step < input.stepCap; step++) {
      if (session.left() < 2500) {
        deadlineHit = true;
        break;
      }
      const payment = await within(page.page.locator(PAYMENT_FORM_SELECTOR).first().isVisible(), 1000, false);
      if (payment) {
        paymentStop = { step, url: page.page.url(), detected: await within(page.page.locator(PAYMENT_FORM_SELECTOR).first().evaluate((e) => e.outerHTML.slice(0, 200)), 1000, 'a payment form') };
        break;
      }
      // Same site only: a walk that left it comes back by the history.
      if (new URL(page.page.url()).host !== site) await within(page.page.goBack({ timeout: 3000 }), 4000, null);
      const offered = (await interactiveIdentities(page.page, 150)).filter((t) => t.role !== 'link' || !t.css?.includes('mailto'));
      const kept = await withoutNeverTouch(page.page, offered, model);
      for (const sel of kept.invalid) if (!unusable.has(sel) && unusable.add(sel)) session.notes.push(`The app model's never-touch selector ${JSON.stringify(sel.slice(0, 100))} is not valid CSS in the browser: it kept nothing out`);
      const offer = kept.offer;
      const biased = words.length ? offer.filter((t) => words.some((w) => `${t.name ?? ''} ${t.label ?? ''}`.toLowerCase().includes(w))) : [];
      const action = chooseAction(input.persona, r, biased.length && r() < 0.5 ? biased : offer, step);
      const out = await stepper.play(action);
      played.push({ action, urlAfter: out.urlAfter, at: new Date().toISOString() });
      const ev = stepEvidence(step, action, out);
      for (const b of out.found) {
        const signature = signatureOf(b, out.urlAfter);
        if (seen.has(signature)) continue;
        seen.add(signature);
        const shot = await page.screenshot({ mask: mask() });
        const image = shot ? session.addImage(shot, { kind: 'screenshot', content_type: 'image/jpeg', width: VIEWPORT.width, height: VIEWPORT.height, caption: `${input.persona} step ${step + 1}: ${b.kind}` }) : null;
        ev.screenshot ??= image?.id ?? null;
        breakages.push({ ...b, step, url: out.urlAfter, screenshot: image?.id ?? null, reproduction: reproductionOf(input.url, played) });
        signatures.push(signature);
      }
      steps.push(ev);
      report.onStep?.(ev, input.persona);
    }
  } finally {
    // The page where the walk ended is evidence like a crawled page (its errors reach the checks).
    const snapshot = await within(snapshotPage(page, { url: page.page.url(), depth: 0, region: 'start', found_on: null }, null, { accessibility: false, budget: session.budget }), 15_000, null);
    if (snapshot && snapshot.status !== null) {
      pages = [snapshot];
      report.onPage?.(snapshot, 0);
    }
    await page.close();
  }
  await shrinkAll(session, { startUrl: input.url, mutationHosts, model, hurried: input.persona === 'impatient' }, breakages, signatures, played, hooks);
  // What only watching the page can see (a click with no effect, a spinner, a lost value) counts once
  // a fresh session showed it again: timing alone must not make a finding.
  const verified = breakages.filter((b) => !NEEDS_REPLAY.has(b.kind) || b.shrink?.reproduced);
  if (verified.length < breakages.length) session.notes.push(`${breakages.length - verified.length} possible breakage(s) not reported: they did not show again in a fresh session, or no replay was left to check them`);
  const flow: FlowEvidence = { flow_id: null, name: `${input.persona} (seed ${input.seed})`, spec_version: null, outcome: 'passed', error: null, steps };
  const chaos: ChaosEvidence = {
    persona: input.persona, seed: input.seed, step_cap: input.stepCap, mode: input.mutationHosts.includes(new URL(input.url).hostname) ? 'mutation_allowed' : 'dry_run',
    breakages: verified, would_have_sent: safety.wouldHaveSent, refused: safety.refused, payment_stop: paymentStop,
  };
  // The account's values never leave the browser: whatever the walk recorded is masked.
  const scrub = signedIn?.scrub ?? ((x: string) => x);
  for (const [i, n] of session.notes.entries()) session.notes[i] = scrub(n);
  const flows = signedIn?.flow ? [signedIn.flow, flow] : [flow];
  return { pages: scrubDeep(pages, scrub), site: emptySite(input.url), consent: null, flows: scrubDeep(flows, scrub), chaos: scrubDeep(chaos, scrub), deadlineHit };
};

/**
 * Shrinks each breakage's steps by delta debugging, replaying in fresh page sessions within the
 * run's replay budget and deadline; the minimal steps become the breakage's draft flow. Progress
 * goes to the run's events; replays are dry runs even on an authorized host (replay.ts).
 */
async function shrinkAll(session: RunSession, setup: { startUrl: string; mutationHosts: ReadonlySet<string>; model: ChaosModelPolicy | null; hurried: boolean }, breakages: Breakage[], signatures: string[], played: Played[], hooks: DriverHooks): Promise<void> {
  let replays = 0;
  const heldBack = { writes: 0 };
  const mayReplay = () => replays < MAX_REPLAYS && session.left() > SHRINK_RESERVE_MS + 5000;
  // Kinds that need a replay to be reported at all go first.
  const order = breakages.map((_, i) => i).sort((a, b) => Number(NEEDS_REPLAY.has(breakages[b]!.kind)) - Number(NEEDS_REPLAY.has(breakages[a]!.kind)));
  for (const [n, i] of order.entries()) {
    const b = breakages[i]!;
    if (!mayReplay()) break;
    const progress = { breakage: n + 1, of: order.length, kind: b.kind, max_replays: MAX_REPLAYS };
    const walk = played.slice(0, b.step + 1);
    hooks.onShrink?.({ phase: 'started', ...progress, replays, from: walk.length });
    const r = await shrinkWalk(walk, async (steps) => {
      replays++;
      const shows = await replayShows({ session, ...setup, heldBack, reserveMs: SHRINK_RESERVE_MS }, steps.map((p) => p.action), signatures[i]!, b.kind);
      hooks.onShrink?.({ phase: 'replayed', ...progress, replays });
      return shows;
    }, mayReplay);
    b.shrink = { replays: r.replays, reproduced: r.reproduced, from: walk.length, to: r.steps.length };
    hooks.onShrink?.({ phase: 'done', ...progress, replays, reproduced: r.reproduced, from: walk.length, to: r.steps.length });
    const steps = r.reproduced ? r.steps : walk;
    b.minimal = reproductionOf(setup.startUrl, steps);
    b.draft_flow = draftFlowOf(setup.startUrl, steps, b) as unknown as Record<string, unknown>;
  }
  if (heldBack.writes) session.notes.push(`Shrinking replays sent no writes: ${heldBack.writes} request(s) to an authorized host were answered by siteqa instead of being sent again (the walk sent its writes once)`);
}

function stepEvidence(index: number, a: GremlinAction, out: StepOutcome): StepEvidence {
  const target = 'target' in a ? (a.target.name ?? a.target.text ?? a.target.css) : null;
  const h = out.happened;
  return {
    index, step_id: `g${index + 1}`, action: a.kind, target, value: a.kind === 'fill' ? a.value.slice(0, 200) : a.kind === 'press' ? a.key : null,
    outcome: out.error ? 'skipped' : 'passed', error: out.error, resolved: 'target' in a ? a.target : null, candidates: [], url_before: out.urlBefore, url_after: out.urlAfter, status: null,
    started_at: out.startedAt, duration_ms: out.durationMs, requests: h.requests, console: h.console, page_errors: h.page_errors, screenshot: null,
  };
}
