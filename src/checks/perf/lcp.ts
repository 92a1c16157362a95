// Fast: largest contentful paint (a Core Web Vital), rated at the site's 75th percentile.
import { metricCheck } from './support/metric-check.js';

export const check = metricCheck({
  name: 'lcp',
  field: 'lcp_ms',
  abbr: 'LCP',
  unit: 'ms',
  bands: { good: 2500, poor: 4000 },
  title: 'Main content appears late (Largest Contentful Paint)',
  impact: 'The main content is what visitors came for; Google also uses LCP as a Core Web Vital in search ranking.',
  source: 'web.dev/articles/lcp',
  confirm: 'cpu',
});

export const meta = check.meta;
export const run = check.run;
