// Gathers the service's metrics. Run counts, queue depth and durations come from the database, so
// every API process reports the same cluster-wide figures; browser restarts and memory are this process's.
import type { Runtime } from '../runtime.js';
import { chromiumPssMb } from '../capture/chromium-memory.js';
import type { MetricFamily } from './prometheus.js';

/** Run duration buckets, in seconds: an audit usually takes 10 s to 2 min. */
export const RUN_DURATION_BUCKETS = [5, 10, 20, 30, 60, 120, 300, 600];

export async function collectMetrics(rt: Pick<Runtime, 'store' | 'browser' | 'clock'>): Promise<MetricFamily[]> {
  const stats = await rt.store.runStats.collect(RUN_DURATION_BUCKETS);
  const oldest = stats.queued.oldest ? Date.parse(stats.queued.oldest) : null;
  return [
    {
      name: 'siteqa_runs', help: 'Runs in the database by kind and status.', type: 'gauge',
      samples: stats.byStatus.map((r) => ({ labels: { kind: r.kind, status: r.status }, value: r.count })),
    },
    { name: 'siteqa_queue_depth', help: 'Runs waiting for a worker (status queued).', type: 'gauge', samples: [{ value: stats.queued.count }] },
    {
      name: 'siteqa_queue_oldest_age_seconds', help: 'Age of the oldest queued run; 0 when none waits.', type: 'gauge',
      samples: [{ value: oldest === null ? 0 : Math.max(0, (rt.clock.now().getTime() - oldest) / 1000) }],
    },
    { name: 'siteqa_run_duration_seconds', help: 'Wall time of ended runs, from claim to terminal status.', type: 'histogram', ...stats.durations },
    { name: 'siteqa_browser_restarts_total', help: 'Chromium relaunches in this process (crashes or recycling).', type: 'counter', samples: [{ value: rt.browser.restarts() }] },
    { name: 'siteqa_browser_memory_bytes', help: "PSS of this process's Chromium (all its processes).", type: 'gauge', samples: [{ value: chromiumPssMb() * 2 ** 20 }] },
    { name: 'process_resident_memory_bytes', help: 'Resident memory of this process.', type: 'gauge', samples: [{ value: process.memoryUsage.rss() }] },
  ];
}
