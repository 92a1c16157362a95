// Works: resources a page uses sit on a host that does not resolve or refuses connections (a dead CDN,
// a lapsed or misspelt domain): one finding per host, listing what failed and where.
import type { EvidenceBundle, PageEvidence, RequestRecord } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { matchScript } from '../../evidence/vendors.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { groupBy, listed, unique } from './support/lists.js';
import { hostnameOf } from './support/net_errors.js';
import { isGoneHost, reasonOf } from './support/outcome.js';

export const meta: CheckMeta = {
  id: 'http.unreachable_host',
  section: 'works',
  severity: 'critical',
  title: 'Resources on a host that cannot be reached',
  impact: 'Every visitor gets the page without these scripts, styles or images: the host behind them is gone.',
  docs: '/docs/checks/http.unreachable_host',
  requires: ['requests'],
  optional: ['dom'],
  thresholds: { script_or_style_in_page_html: 'critical', other_assets: 'warning', reasons: 'dns, refused', audit_machine_offline: 'info' },
};

const ASSET_TYPES = new Set(['script', 'stylesheet', 'image', 'font', 'media']);
const RENDER_TYPES = new Set(['script', 'stylesheet']);

/** A script or stylesheet the page's own HTML asks for: the page was written to need it. */
function inPageHtml(r: RequestRecord, page: PageEvidence): boolean {
  if (!RENDER_TYPES.has(r.resource_type)) return false;
  const dom = page.dom;
  if (!dom) return true;
  return dom.scripts.some((s) => s.src === r.url) || dom.stylesheets.some((s) => s.href === r.url);
}

interface Failed { host: string; url: string; type: string; reason: string; page: string; needed: boolean }

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const failed: Failed[] = [];
  const offline: Failed[] = [];
  for (const page of views.loadedPages) {
    for (const r of views.subresources(page)) {
      if (r.beacon_stubbed || !ASSET_TYPES.has(r.resource_type)) continue;
      // A measurement tag that cannot load costs the owner data, not the visitor a working page:
      // tracking.installed_not_firing reports it in Measured.
      if (matchScript(r.url)) continue;
      const reason = reasonOf(r, evidence.blocked, views.offline);
      if (reason === 'offline') {
        offline.push({ host: hostnameOf(r.url), url: r.url, type: r.resource_type, reason, page: page.final_url, needed: inPageHtml(r, page) });
        continue;
      }
      // A host that answered any request of the run is not gone: a refusal from it was a passing fault,
      // which http.failed_resource judges per file.
      if (!isGoneHost(r, reason, views)) continue;
      failed.push({ host: hostnameOf(r.url), url: r.url, type: r.resource_type, reason: reason!, page: page.final_url, needed: inPageHtml(r, page) });
    }
  }
  const drafts: FindingDraft[] = [];
  for (const [host, group] of groupBy(failed, (f) => f.host)) {
    const severity: Severity = group.some((f) => f.needed) ? 'critical' : 'warning';
    const resources = [...groupBy(group, (f) => f.url).values()].map((g) => ({ url: g[0]!.url, type: g[0]!.type, ...listed('pages', unique(g.map((f) => f.page)), 5) }));
    const pages = unique(group.map((f) => f.page));
    const reason = group[0]!.reason;
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity,
      title: `${host} ${reason === 'dns' ? 'does not resolve' : 'refuses connections'}: ${resources.length} resource(s) never load`,
      evidence: { host, reason, first_party: views.isFirstParty(group[0]!.url), ...listed('resources', resources), ...listed('pages', pages) },
    });
  }
  if (offline.length) drafts.push(offlineDraft(offline, views.offline!));
  return drafts;
}

/**
 * The audit's machine reached no public host (an always-up one failed too): what those hosts serve was
 * not verified. One finding, info, so a reader knows the page was judged without them.
 */
function offlineDraft(offline: Failed[], witness: string): FindingDraft {
  const hosts = unique(offline.map((f) => f.host)).sort();
  const pages = unique(offline.map((f) => f.page));
  return {
    page: pages.length === 1 ? pages[0] : undefined,
    severity: 'info',
    title: `Not verified: ${hosts.length} public host(s) could not be reached from the audit's machine, which has no internet access (${witness} failed too)`,
    evidence: {
      offline_witness: witness,
      hosts: hosts.slice(0, 20),
      resources: unique(offline.map((f) => f.url)).length,
      needed_by_page_html: unique(offline.filter((f) => f.needed).map((f) => f.url)).slice(0, 10),
      ...listed('pages', pages),
    },
  };
}

export const check: Check = { meta, run };
