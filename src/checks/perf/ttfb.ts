// Fast: time to first byte of the main document, rated at the site's 75th percentile.
import { metricCheck } from './support/metric-check.js';

export const check = metricCheck({
  name: 'ttfb',
  field: 'ttfb_ms',
  abbr: 'TTFB',
  unit: 'ms',
  bands: { good: 800, poor: 1800 },
  title: 'Server responds slowly (Time to First Byte)',
  impact: 'Every other part of the page waits for the first byte, so a slow server delays everything visitors see.',
  source: 'web.dev/articles/ttfb',
  confirm: 'server',
});

export const meta = check.meta;
export const run = check.run;
