// Works: url() and @import targets in the site's own stylesheets (and <style>) that answer 404/410.
// The browser only loads what the current viewport and state use; the rest was checked by request.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { goneResources, pathOf, resourceDrafts } from './support/unloaded_resources.js';

export const meta: CheckMeta = {
  id: 'http.css_resource_broken',
  section: 'works',
  // http.failed_resource rates a first-party CSS background or font that fails as a warning; this is
  // the same failure for a state the crawl did not reach (another breakpoint, hover, a font weight).
  severity: 'warning',
  title: 'Stylesheet refers to a missing file',
  impact: 'In the layout or state that uses it (a breakpoint, hover, a font weight), the background, icon or font is missing.',
  docs: '/docs/checks/http.css_resource_broken',
  requires: ['resource_checks', 'requests'],
  thresholds: { broken_statuses: '404, 410', stylesheets: 'first-party and inline', loaded_urls: 'http.failed_resource' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  return resourceDrafts(
    goneResources(evidence, ['css_url', 'css_import']),
    (c) => `Stylesheet ${c.referenced_from === 'inline' ? '<style>' : pathOf(c.referenced_from)} refers to missing ${pathOf(c.url)} (${c.status})`,
  );
}

export const check: Check = { meta, run };
