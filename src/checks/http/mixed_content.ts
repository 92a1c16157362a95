// Works: an HTTPS page loads sub-resources over plain HTTP (active content is blocked, passive is insecure).
import type { EvidenceBundle, PageEvidence } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { groupBy, listed, unique } from './support/lists.js';

export const meta: CheckMeta = {
  id: 'http.mixed_content',
  section: 'works',
  severity: 'critical',
  title: 'Mixed content on an HTTPS page',
  impact: 'Browsers block scripts, styles and frames fetched over plain HTTP from a secure page, breaking it; insecure images and forms show a "not secure" warning.',
  docs: '/docs/checks/http.mixed_content',
  requires: ['pages', 'requests'],
    optional: ['dom', 'console'],
  thresholds: { active_severity: 'critical', passive_severity: 'warning' },
};

type Kind = 'active' | 'passive';
interface Insecure { url: string; type: string; kind: Kind; page: string; via: string }

// Per the W3C Mixed Content spec, images, audio and video are "upgradeable/optionally-blockable" (passive);
// everything else a page fetches is blockable (active).
const PASSIVE_TYPES = new Set(['image', 'media']);

/** http: URLs to public hosts; loopback addresses are "potentially trustworthy" and never mixed content. */
function insecure(url: string | null | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'ws:') return false;
    return !/^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/i.test(u.hostname) && !u.hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}

function collect(page: PageEvidence): Insecure[] {
  const out: Insecure[] = [];
  const add = (url: string, type: string, via: string) =>
    out.push({ url, type, kind: PASSIVE_TYPES.has(type) || type === 'form' ? 'passive' : 'active', page: page.final_url, via });
  for (const r of page.requests) {
    if (!r.is_navigation && !r.blocked && insecure(r.url)) add(r.url, r.resource_type, 'request');
  }
  const dom = page.dom;
  for (const s of dom?.scripts ?? []) if (insecure(s.src)) add(s.src!, 'script', 'dom');
  for (const s of dom?.stylesheets ?? []) if (insecure(s.href)) add(s.href, 'stylesheet', 'dom');
  for (const f of dom?.iframes ?? []) if (insecure(f.src)) add(f.src, 'iframe', 'dom');
  for (const i of dom?.images ?? []) if (insecure(i.src)) add(i.src, 'image', 'dom');
  // A form posting to http: sends what visitors type in clear text; browsers warn before submitting.
  for (const f of dom?.forms ?? []) if (insecure(f.action)) add(f.action, 'form', 'dom');
  // Chromium blocks active mixed content before any request exists; its console line is the only trace.
  for (const c of page.console) {
    const m = /Mixed Content:.*requested an insecure ([\w -]+?) '([^']+)'/.exec(c.text);
    if (m && insecure(m[2])) {
      const blocked = /has been blocked/.test(c.text);
      out.push({ url: m[2]!, type: m[1]!, kind: blocked ? 'active' : 'passive', page: page.final_url, via: 'console' });
    }
  }
  return out;
}

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const found: Insecure[] = [];
  for (const page of evidence.pages) {
    if (page.status === null || !page.final_url.startsWith('https:')) continue;
    found.push(...collect(page));
  }
  const drafts: FindingDraft[] = [];
  for (const kind of ['active', 'passive'] as const) {
    const ofKind = found.filter((f) => f.kind === kind);
    if (!ofKind.length) continue;
    // One finding per kind for the site: an http:// URL in a shared template shows up on every page.
    const resources = [...groupBy(ofKind, (f) => f.url).values()].map((g) => ({
      url: g[0]!.url,
      type: g[0]!.type,
      seen_in: unique(g.map((f) => f.via)),
      ...listed('pages', unique(g.map((f) => f.page)), 5),
    }));
    const pages = unique(ofKind.map((f) => f.page));
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity: kind === 'active' ? 'critical' : 'warning',
      title:
        kind === 'active'
          ? `${resources.length} script, style or frame URL(s) loaded over HTTP on HTTPS pages`
          : `${resources.length} image, media or form URL(s) use HTTP on HTTPS pages`,
      evidence: { kind, ...listed('resources', resources), ...listed('pages', pages) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
