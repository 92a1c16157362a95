// What a driver is: the part of a run that decides what the browser does (crawl pages, act out a
// flow, let a persona loose) inside a run session, and returns the evidence parts it gathered.
import type { ChaosEvidence, ConsentEvidence, FlowEvidence, PageEvidence, SiteEvidence, StepEvidence } from '../../evidence/types.js';
import type { RunSession } from '../session/run-session.js';

export interface DriverParts {
  pages: PageEvidence[];
  site: SiteEvidence;
  consent: ConsentEvidence | null;
  flows?: FlowEvidence[];
  chaos?: ChaosEvidence;
  /** True when the run deadline cut the driver's work short. */
  deadlineHit: boolean;
}

/** Progress the driver reports as it goes (the run's events, the CLI's lines). */
export interface DriverHooks {
  onPage?: (page: PageEvidence, index: number) => void;
  onStep?: (step: StepEvidence, flow: string) => void;
  /** A chaos run shrinking its breakages: one call as each starts, after each replay, and as each ends. */
  onShrink?: (progress: ShrinkProgress) => void;
}

export interface ShrinkProgress {
  phase: 'started' | 'replayed' | 'done';
  /** Which breakage (1-based, in the order they are shrunk) of how many. */
  breakage: number;
  of: number;
  kind: string;
  /** Replays the run has spent on all its breakages so far, and the most it may. */
  replays: number;
  max_replays: number;
  /** `done` only: whether it showed again in a fresh session, and the persona moves before and after. */
  reproduced?: boolean;
  from?: number;
  to?: number;
}

export type Driver<Input> = (session: RunSession, input: Input, hooks: DriverHooks) => Promise<DriverParts>;

export function emptySite(url: string): SiteEvidence {
  return { origin: safeOrigin(url), robots: null, sitemaps: [], sitemap_url_checks: [], link_checks: [] };
}

export function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
