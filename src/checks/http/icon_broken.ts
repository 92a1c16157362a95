// Works: the site's icons and web app manifest, as its pages' heads declare them, that answer 404/410;
// and, as info, a site with no icon at all (none declared on the start page, no /favicon.ico).
// Nothing loads these during a headless visit: they were checked by request.
import type { EvidenceBundle, ResourceCheck } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { goneResources, pathOf, resourceDrafts } from './support/unloaded_resources.js';

export const meta: CheckMeta = {
  id: 'http.icon_broken',
  section: 'works',
  // A declared favicon that is gone is a file the site names and does not serve, seen by every visitor
  // (a blank tab icon, no icon in search results): a warning, as webhint reports any broken link in
  // the head. A home-screen icon or manifest reaches only visitors who install the site: info.
  severity: 'warning',
  title: 'Site icon is missing',
  impact: 'Browser tabs, bookmarks and search results show a blank or generic icon instead of the site\'s own.',
  docs: '/docs/checks/http.icon_broken',
  requires: ['resource_checks', 'requests'],
  thresholds: { broken_statuses: '404, 410', warning: 'rel=icon', info: 'apple-touch-icon, manifest, no icon at all' },
};

const WHAT: Record<string, string> = {
  icon: 'Site icon',
  'apple-touch-icon': 'Home-screen icon',
  manifest: 'Web app manifest',
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const declared = goneResources(evidence, ['icon', 'apple-touch-icon', 'manifest']);
  const drafts = resourceDrafts(declared, (c) => `${WHAT[c.kind]} ${pathOf(c.url)} is missing (${c.status})`).map((d, i) => ({
    ...d,
    severity: declared[i]!.kind === 'icon' ? ('warning' as const) : ('info' as const),
  }));
  const fallback: ResourceCheck | undefined = goneResources(evidence, ['favicon_fallback'])[0];
  if (fallback) {
    drafts.push({
      page: fallback.found_on[0],
      severity: 'info',
      title: `No site icon: the start page declares none and ${pathOf(fallback.url)} is missing (${fallback.status})`,
      evidence: { url: fallback.url, status: fallback.status, method: fallback.method, kind: fallback.kind },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
