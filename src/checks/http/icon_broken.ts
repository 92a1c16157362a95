// Works: the site's icons and web app manifest, as its pages' heads declare them, that answer 404/410;
// and, as info, a site with no icon at all (none declared on the start page, no /favicon.ico).
// Nothing loads these during a headless visit: they were checked by request.
import { FOUND_ON_LISTED, type EvidenceBundle, type ResourceCheck } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { listed } from './support/lists.js';
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
  thresholds: { broken_statuses: '404, 410', warning: 'rel=icon', info: 'apple-touch-icon, manifest, no icon at all, a rel=icon beside another that answers' },
};

const WHAT: Record<string, string> = {
  icon: 'Site icon',
  'apple-touch-icon': 'Home-screen icon',
  manifest: 'Web app manifest',
};

/** `https://example.com/business/favicon.png` → `favicon.png`: what a relative link in a shared head names. */
const fileOf = (url: string) => {
  try {
    const u = new URL(url);
    return `${u.pathname.slice(u.pathname.lastIndexOf('/') + 1)}${u.search}`;
  } catch {
    return url;
  }
};

/**
 * One finding per icon as the heads name it: a relative link in a shared head (`href="favicon.png"`)
 * resolves under each page's folder, so one mistake is missing at as many addresses as the site has
 * folders (a Nextra site's /business/favicon.png, /personal/favicon.png…). Same kind, same file name,
 * found on different pages: one finding listing the addresses.
 */
function byReference(gone: ResourceCheck[]): ResourceCheck[][] {
  const groups = new Map<string, ResourceCheck[]>();
  for (const c of gone) {
    const key = `${c.kind}\u0000${fileOf(c.url)}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const groups = byReference(goneResources(evidence, ['icon', 'apple-touch-icon', 'manifest']));
  // Pages whose head also declares an icon that answers: the tab shows that one, so a missing second
  // size is worth fixing, not a blank icon.
  const working = (evidence.site.resource_checks ?? []).filter((c) => c.kind === 'icon' && c.status !== null && c.status >= 200 && c.status < 400);
  const iconShown = new Set(working.flatMap((c) => c.found_on));
  // A working icon the check found on as many pages as it lists (ten) is the template's: on every page.
  const everywhere = working.some((c) => c.found_on.length >= FOUND_ON_LISTED);
  const drafts: FindingDraft[] = groups.map((group) => {
    const c = group[0]!;
    const pages = [...new Set(group.flatMap((g) => g.found_on))];
    const covered = c.kind === 'icon' && pages.length > 0 && (everywhere || pages.every((p) => iconShown.has(p)));
    const severity = c.kind === 'icon' && !covered ? ('warning' as const) : ('info' as const);
    const also = covered ? ' (another icon the pages declare answers)' : '';
    if (group.length === 1) return { ...resourceDrafts([c], () => `${WHAT[c.kind]} ${pathOf(c.url)} is missing (${c.status})${also}`)[0]!, severity };
    return {
      page: pages.length === 1 ? pages[0] : undefined,
      severity,
      title: `${WHAT[c.kind]} ${fileOf(c.url)} is missing at ${group.length} addresses: the pages' relative link resolves under each page's folder${also}`,
      subject: `${c.kind} ${fileOf(c.url)}`,
      evidence: {
        addresses: group.map((g) => ({ url: g.url, status: g.status })).slice(0, 20),
        addresses_total: group.length,
        kind: c.kind,
        method: c.method,
        referenced_from: c.referenced_from,
        ...listed('found_on', pages),
      },
    };
  });
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
