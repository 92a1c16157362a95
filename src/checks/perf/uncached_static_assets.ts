// Fast: the site's own scripts, styles, fonts, images and media served without a useful browser
// cache lifetime (Lighthouse "Serve static assets with an efficient cache policy").
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { cachePolicy, formatSeconds } from './support/cache.js';
import { capped, isCountable, judgedPages, kib, mediaType, wireBytes } from './support/requests.js';

const MIN_TTL_SECONDS = 86400;
// Lighthouse's cache audit scored 0.9 (its pass line) at 28 KiB of wasted bytes: a few tiny icons
// revalidating is worth knowing, not a defect that moves the grade.
const WARNING_TOTAL_BYTES = 28 * 1024;
const STATIC_TYPES = new Set(['script', 'stylesheet', 'font', 'image', 'media']);

export const meta: CheckMeta = {
  id: 'perf.uncached_static_assets',
  section: 'fast',
  severity: 'warning',
  title: 'Static files are not cached by browsers',
  impact: 'Returning visitors download the same scripts, styles and images again, so every visit is as slow as the first.',
  docs: '/docs/checks/perf.uncached_static_assets',
  requires: ['requests'],
  aboutServer: true,
  thresholds: { min_ttl_seconds: MIN_TTL_SECONDS, warning_total_bytes: WARNING_TOTAL_BYTES, cacheable_statuses: '200,203,206' },
};

function isStatic(type: string, media: string): boolean {
  if (STATIC_TYPES.has(type)) return true;
  return /^(image|font|audio|video)\//.test(media) || media === 'text/css' || /javascript|ecmascript/.test(media);
}

interface Uncached {
  url: string;
  type: string;
  cache_control: string | null;
  expires: string | null;
  ttl: string;
  ttl_seconds: number;
  kib: number;
  bytes: number;
  pages: Set<string>;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const assets = new Map<string, Uncached>();
  for (const page of judgedPages(evidence, views)) {
    for (const r of page.requests) {
      if (!isCountable(r) || ![200, 203, 206].includes(r.status!) || r.is_navigation) continue;
      // Third-party tags (analytics, widgets) choose short lifetimes on purpose and are not the owner's to set.
      if (!views.isFirstParty(r.url) || !isStatic(r.resource_type, mediaType(r))) continue;
      const prev = assets.get(r.url);
      if (prev) {
        prev.pages.add(page.final_url);
        continue;
      }
      const policy = cachePolicy(r, page.captured_at);
      if (policy.kind === 'deliberate' || (policy.kind === 'ttl' && policy.seconds >= MIN_TTL_SECONDS)) continue;
      const seconds = policy.kind === 'ttl' ? policy.seconds : 0;
      assets.set(r.url, {
        url: r.url,
        type: r.resource_type,
        cache_control: r.response_headers['cache-control'] ?? null,
        expires: r.response_headers['expires'] ?? null,
        ttl: policy.kind === 'none' ? 'none (no max-age or Expires)' : formatSeconds(seconds),
        ttl_seconds: seconds,
        kib: kib(wireBytes(r) ?? 0),
        bytes: wireBytes(r) ?? 0,
        pages: new Set([page.final_url]),
      });
    }
  }
  const list = [...assets.values()].sort((a, b) => a.ttl_seconds - b.ttl_seconds || b.kib - a.kib || (a.url < b.url ? -1 : 1));
  if (!list.length) return [];
  const total = list.reduce((sum, a) => sum + a.bytes, 0);
  return [
    {
      severity: total >= WARNING_TOTAL_BYTES ? 'warning' : 'info',
      title: `${list.length} static file${list.length === 1 ? '' : 's'} cached for less than a day (${kib(total)} KiB)`,
      evidence: {
        total_kib: kib(total),
        min_ttl: formatSeconds(MIN_TTL_SECONDS),
        ...capped('assets', list.map(({ bytes: _b, ...a }) => ({ ...a, pages: a.pages.size }))),
      },
    },
  ];
}

export const check: Check = { meta, run };
