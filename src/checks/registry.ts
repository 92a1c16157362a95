// The explicit registry of checks, sorted by id. A conformance test holds every entry to its
// file path, its test, its doc page and its place in the rubric.
import type { Check } from './types.js';
import { a11yChecks } from './a11y/index.js';
import { chaosChecks } from './chaos/index.js';
import { errorsChecks } from './errors/index.js';
import { flowsChecks } from './flows/index.js';
import { httpChecks } from './http/index.js';
import { linksChecks } from './links/index.js';
import { perfChecks } from './perf/index.js';
import { privacyChecks } from './privacy/index.js';
import { securityChecks } from './security/index.js';
import { seoChecks } from './seo/index.js';
import { trackingChecks } from './tracking/index.js';

export const checks: readonly Check[] = [
  ...a11yChecks,
  ...chaosChecks,
  ...errorsChecks,
  ...flowsChecks,
  ...httpChecks,
  ...linksChecks,
  ...perfChecks,
  ...privacyChecks,
  ...securityChecks,
  ...seoChecks,
  ...trackingChecks,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0));

export function checkById(id: string): Check | undefined {
  return checks.find((c) => c.meta.id === id);
}
