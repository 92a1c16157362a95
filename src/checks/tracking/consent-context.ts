// Shared derived view: what the consent matrix says (banner found? accept/reject performed?) and
// the observations that are "before consent" (crawled pages and the no-interaction load). Pure.
import type { ConsentLoad, EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { consentLoad, observeLoad, observePage, type Observation } from './observations.js';

export interface ConsentContext {
  /** The consent matrix was captured at all. */
  captured: boolean;
  banner: boolean;
  banner_method: string | null;
  banner_selector: string | null;
  accept: ConsentLoad | null;
  /** The accept control was found and clicked. */
  accepted: boolean;
  reject: ConsentLoad | null;
  rejected: boolean;
}

export function consentContext(bundle: EvidenceBundle): ConsentContext {
  const c = bundle.consent;
  const accept = consentLoad(bundle, 'accept');
  const reject = consentLoad(bundle, 'reject');
  return {
    captured: !!c && c.loads.length > 0,
    banner: !!c?.banner.detected,
    banner_method: c?.banner.method ?? null,
    banner_selector: c?.banner.selector ?? null,
    accept,
    accepted: !!accept?.action_taken,
    reject,
    rejected: !!reject?.action_taken,
  };
}

/** Compact consent facts for a finding's evidence. */
export function consentSummary(ctx: ConsentContext): Record<string, unknown> {
  return {
    matrix_captured: ctx.captured,
    banner_detected: ctx.captured ? ctx.banner : null,
    banner_method: ctx.banner_method,
    accept_clicked: ctx.accept?.clicked ?? null,
    reject_clicked: ctx.reject?.clicked ?? null,
  };
}

/** Crawled pages are loaded without interacting, so every one of them is "before consent", as is the `none` load. */
export function beforeConsent(bundle: EvidenceBundle, views: EvidenceViews): Observation[] {
  const out = views.loadedPages.map((p) => observePage(p, views.isFirstParty));
  const none = consentLoad(bundle, 'none');
  // Capture records the `none` load from the crawl's start page: the same requests, not a second sample.
  const isStartPage = none && views.loadedPages.some((p) => p.url === none.url || p.final_url === none.url);
  if (none && !isStartPage) out.push(observeLoad(none, views.isFirstParty));
  return out;
}

/** Every observation of the run: crawled pages and all consent loads. */
export function allObservations(bundle: EvidenceBundle, views: EvidenceViews): Observation[] {
  const out = views.loadedPages.map((p) => observePage(p, views.isFirstParty));
  for (const load of bundle.consent?.loads ?? []) out.push(observeLoad(load, views.isFirstParty));
  return out;
}
