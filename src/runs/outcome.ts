// A run's terminal status from what its driver saw: refused by the guard, start page unreachable,
// deadline reached, or done. Pure.
import type { EvidenceBundle } from '../evidence/types.js';
import type { RunStatus } from '../store/index.js';

export type Terminal = Exclude<RunStatus, 'queued' | 'running'>;
export interface Outcome {
  status: Terminal;
  failure_reason: string | null;
}

export function outcomeOf(bundle: EvidenceBundle): Outcome {
  const start = bundle.pages[0];
  if (!start) return { status: 'failed', failure_reason: bundle.flows?.[0]?.error ?? 'no page was captured' };
  // The guard refused the start page or one of its redirect hops: the proxy answered for it.
  const doc = [...start.requests].reverse().find((r) => r.is_navigation);
  const refusedBy = start.headers['x-siteqa-blocked'] ?? (doc?.blocked ? bundle.blocked.find((b) => sameHost(b.url, doc.url))?.reason ?? 'refused' : null);
  if (refusedBy) {
    return { status: 'blocked', failure_reason: `the URL guard refused ${doc?.url ?? start.final_url}: ${refusedBy}` };
  }
  if (start.status === null) {
    return { status: 'failed', failure_reason: `the start page could not be loaded: ${start.navigation_error ?? 'no response'}` };
  }
  if (bundle.run.deadline_hit) return { status: 'timeout', failure_reason: `the run deadline (${Math.round(bundle.conditions.deadline_ms / 1000)} s) ended the crawl; the report covers the pages visited` };
  return { status: 'succeeded', failure_reason: null };
}

function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}
