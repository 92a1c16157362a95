// Captures one run with a driver: opens the run session (browser context, guard proxy, slots,
// deadline), lets the driver work in it, and assembles the evidence bundle and the images taken.
import { EVIDENCE_SCHEMA_VERSION, type EvidenceBundle } from '../evidence/types.js';
import type { Driver, DriverHooks } from './drivers/types.js';
import { RunSession, type CapturedImage, type RunSessionOptions } from './session/run-session.js';

export interface CapturedRun {
  bundle: EvidenceBundle;
  /** Image bytes the bundle's `images` refer to, stored beside it. */
  images: CapturedImage[];
}

export async function captureRun<Input>(opts: RunSessionOptions, driver: Driver<Input>, input: Input, hooks: DriverHooks = {}): Promise<CapturedRun> {
  const session = await RunSession.open(opts);
  try {
    const parts = await driver(session, input, hooks);
    const bundle: EvidenceBundle = {
      schema_version: EVIDENCE_SCHEMA_VERSION,
      run: { id: opts.runId, url: opts.url, started_at: session.startedAt.toISOString(), finished_at: new Date().toISOString(), deadline_hit: parts.deadlineHit },
      conditions: session.conditions(),
      pages: parts.pages,
      site: parts.site,
      consent: parts.consent,
      blocked: session.blocked,
      notes: session.notes,
    };
    if (parts.flows) bundle.flows = parts.flows;
    if (parts.chaos) bundle.chaos = parts.chaos;
    if (session.images.length) bundle.images = session.images.map((i) => i.ref);
    return { bundle, images: session.images };
  } finally {
    await session.close();
  }
}
