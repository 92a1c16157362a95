// An audit's capture: the crawl driver in a run session → the evidence bundle (no images).
import type { EvidenceBundle, PageEvidence } from '../evidence/types.js';
import { captureRun } from './capture-run.js';
import { crawl } from './drivers/crawl.js';
import type { RunSessionOptions } from './session/run-session.js';

export interface CaptureOptions extends RunSessionOptions {
  accessibility?: boolean;
  consent?: boolean;
  onPage?: (page: PageEvidence, index: number) => void;
}

export async function captureSite(opts: CaptureOptions): Promise<EvidenceBundle> {
  const { accessibility, consent, onPage, ...session } = opts;
  const { bundle } = await captureRun(session, crawl, { url: opts.url, maxPages: opts.maxPages, accessibility, consent }, { onPage });
  return bundle;
}
