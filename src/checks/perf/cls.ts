// Fast: cumulative layout shift during load (a Core Web Vital), rated at the site's 75th percentile.
import { metricCheck } from './support/metric-check.js';

export const check = metricCheck({
  name: 'cls',
  field: 'cls',
  abbr: 'CLS',
  unit: 'unitless',
  bands: { good: 0.1, poor: 0.25 },
  confirm: 'layout',
  title: 'Content jumps around while loading (Cumulative Layout Shift)',
  impact: 'Shifting content makes visitors lose their place or tap the wrong thing; Google uses CLS as a Core Web Vital.',
  source: 'web.dev/articles/cls',
});

export const meta = check.meta;
export const run = check.run;
