// Fast: first contentful paint, rated at the site's 75th percentile.
import { metricCheck } from './support/metric-check.js';

export const check = metricCheck({
  name: 'fcp',
  field: 'fcp_ms',
  abbr: 'FCP',
  unit: 'ms',
  bands: { good: 1800, poor: 3000 },
  title: 'Pages take long to show anything (First Contentful Paint)',
  impact: 'Visitors stare at a blank screen until the first text or image is painted, and many leave before it.',
  source: 'web.dev/articles/fcp',
  confirm: 'cpu',
});

export const meta = check.meta;
export const run = check.run;
