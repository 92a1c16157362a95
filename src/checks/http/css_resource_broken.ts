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
  // Whether the rules naming a missing file apply to any element (the DOM facts' css_refs).
  optional: ['dom'],
  thresholds: { broken_statuses: '404, 410', stylesheets: 'first-party and inline', loaded_urls: 'http.failed_resource', info: 'the rule applies to no element of the pages audited' },
};

/**
 * URLs whose every rule applies to nothing on the pages that have them (a vendor theme's slider images,
 * an icon font no element uses): missing, but no visitor of those pages meets it.
 */
function unusedEverywhere(evidence: EvidenceBundle): Set<string> {
  const used = new Set<string>();
  const unused = new Set<string>();
  for (const p of evidence.pages) for (const r of p.dom?.css_refs ?? []) (r.unused ? unused : used).add(r.url);
  return new Set([...unused].filter((u) => !used.has(u)));
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const gone = goneResources(evidence, ['css_url', 'css_import']);
  const idle = unusedEverywhere(evidence);
  const drafts = resourceDrafts(
    gone,
    (c) => `Stylesheet ${c.referenced_from === 'inline' ? '<style>' : pathOf(c.referenced_from)} refers to missing ${pathOf(c.url)} (${c.status})${idle.has(c.url) ? '; no element on the pages audited uses that rule' : ''}`,
  );
  return drafts.map((d, i) => (idle.has(gone[i]!.url) ? { ...d, severity: 'info' as const, evidence: { ...d.evidence, rule_unused: true } } : d));
}

export const check: Check = { meta, run };
