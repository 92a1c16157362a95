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
