// Captures one run with a driver: opens the run session (browser context, guard proxy, slots,
// deadline), lets the driver work in it, and assembles the evidence bundle and the images taken.
import { EVIDENCE_SCHEMA_VERSION, type EvidenceBundle, type PageEvidence } from '../evidence/types.js';
import { hostClass } from '../guard/host-class.js';
import { offlineNote, refusedRequestsNote, requestSources } from './refused-note.js';
import { within } from './time.js';
import type { GuardOptions } from '../guard/options.js';
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
    await recordHostAddresses(parts.pages, opts.guard);
    const publicPages = new Set(parts.pages.filter((p) => p.host_address === 'public').map((p) => p.final_url || p.url));
    const sources = requestSources(parts.pages, parts.consent?.loads ?? []).map((s) => ({ ...s, public: publicPages.has(s.url) }));
    const refused = refusedRequestsNote(sources, !!opts.guard.allowlistOnly);
    if (refused) session.notes.push(refused);
    const offline = offlineNote(sources);
    if (offline) session.notes.push(offline);
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

/** How long one host's address lookup may take: it runs after the crawl, inside the run's time. */
const HOST_LOOKUP_MS = 3000;

/** Each page's host class (public or private address), one lookup per host, all at once: checks read it from the evidence. */
async function recordHostAddresses(pages: PageEvidence[], guard: GuardOptions): Promise<void> {
  const hostOf = (p: PageEvidence) => {
    try {
      return new URL(p.final_url || p.url).hostname;
    } catch {
      return null;
    }
  };
  const hosts = [...new Set(pages.map(hostOf).filter((h): h is string => h !== null))];
  const classes = new Map(await Promise.all(hosts.map(async (h) => [h, await within(hostClass(h, guard.lookupAll).catch(() => null), HOST_LOOKUP_MS, null)] as const)));
  for (const page of pages) {
    const host = hostOf(page);
    if (host !== null) page.host_address = classes.get(host) ?? null;
  }
}
