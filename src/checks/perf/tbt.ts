// Fast: total blocking time after first paint (the lab stand-in for responsiveness), at the p75.
import type { PerformanceRecord } from '../../evidence/types.js';
import { metricCheck } from './support/metric-check.js';

/** The three longest main-thread tasks of a page: where the blocking time comes from. */
function longestTasks(perf: PerformanceRecord): Record<string, unknown> {
  const tasks = [...perf.long_tasks].sort((a, b) => b.duration_ms - a.duration_ms || a.start_ms - b.start_ms);
  return { long_tasks: perf.long_tasks.length, longest_tasks: tasks.slice(0, 3) };
}

export const check = metricCheck({
  name: 'tbt',
  field: 'tbt_ms',
  abbr: 'TBT',
  unit: 'ms',
  bands: { good: 200, poor: 600 },
  title: 'Scripts keep the page busy (Total Blocking Time)',
  impact: 'While long scripts run the page cannot respond to taps, clicks or typing, so it feels frozen.',
  source: 'web.dev/articles/tbt',
  confirm: 'cpu',
  extra: longestTasks,
});

export const meta = check.meta;
export const run = check.run;
