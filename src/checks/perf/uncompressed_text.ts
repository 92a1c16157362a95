// Fast: text responses (HTML, CSS, JavaScript, JSON, SVG, XML) sent without gzip, Brotli or zstd
// (Lighthouse "Enable text compression").
import { servedByLocalCopy } from '../../evidence/copy-host.js';
import { hostOf } from '../../evidence/views.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { bodyBytes, capped, header, isCountable, judgedPages, kib, mediaType, sameOrigin } from './support/requests.js';

// Lighthouse ignores responses under 1,400 bytes: about one TCP packet, where compression saves no round trip.
const MIN_BYTES = 1400;
const WARNING_TOTAL_BYTES = 10 * 1024;
const COMPRESSED = new Set(['gzip', 'br', 'zstd', 'deflate', 'compress', 'x-gzip']);

export const meta: CheckMeta = {
  id: 'perf.uncompressed_text',
  section: 'fast',
  severity: 'warning',
  title: 'Text files are sent uncompressed',
  impact: 'HTML, CSS and JavaScript shrink by 60–80% with gzip or Brotli; sending them raw makes every page slower.',
  docs: '/docs/checks/perf.uncompressed_text',
  requires: ['requests'],
  // Read for the pages' declared address: on a local copy only the local server's answers are set aside.
  optional: ['dom', 'sitemaps'],
  thresholds: { min_bytes: MIN_BYTES, warning_total_bytes: WARNING_TOTAL_BYTES, encodings: [...COMPRESSED].join(',') },
};

export function isCompressibleType(type: string): boolean {
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    /^application\/(javascript|x-javascript|ecmascript|json|ld\+json|manifest\+json|xml|xhtml\+xml|rss\+xml|atom\+xml)$/.test(type) ||
    type.endsWith('+json') ||
    type.endsWith('+xml')
  );
}

interface Uncompressed {
  url: string;
  content_type: string;
  kib: number;
  first_party: boolean;
  bytes: number;
  pages: Set<string>;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const found = new Map<string, Uncompressed>();
  for (const page of judgedPages(evidence, views)) {
    for (const r of page.requests) {
      if (!isCountable(r) || r.status !== 200 || r.method === 'HEAD') continue;
      const type = mediaType(r);
      if (!isCompressibleType(type)) continue;
      const encodings = header(r, 'content-encoding').toLowerCase().split(',').map((e) => e.trim());
      if (encodings.some((e) => COMPRESSED.has(e))) continue;
      const bytes = bodyBytes(r);
      if (bytes === null || bytes < MIN_BYTES) continue;
      const prev = found.get(r.url);
      if (prev) prev.pages.add(page.final_url);
      else found.set(r.url, { url: r.url, content_type: type, kib: kib(bytes), first_party: views.isFirstParty(r.url), bytes, pages: new Set([page.final_url]) });
    }
  }
  const list = [...found.values()].sort((a, b) => b.bytes - a.bytes || (a.url < b.url ? -1 : 1));
  if (!list.length) return [];
  const total = list.reduce((sum, i) => sum + i.bytes, 0);
  // On a local copy of a site (src/evidence/copy-host.ts) the local server's answers say nothing about
  // production's compression; other hosts' answers (a production API, a CDN) still count.
  // Its files at the production address are answered by the copy too (served_from_copy).
  const production = views.localCopyOf;
  const counted = production ? list.filter((i) => !sameOrigin(i.url, views.origin) && hostOf(i.url) !== production) : list;
  const countedTotal = counted.reduce((sum, i) => sum + i.bytes, 0);
  return [
    {
      severity: countedTotal >= WARNING_TOTAL_BYTES ? 'warning' : 'info',
      title: `${list.length} text response${list.length === 1 ? '' : 's'} sent without compression (${kib(total)} KiB)${production && !counted.length ? servedByLocalCopy(production) : ''}`,
      evidence: {
        total_kib: kib(total),
        ...(production ? { local_copy_of: production, served_by_local_copy: list.length - counted.length } : {}),
        ...capped('responses', list.map(({ bytes: _b, pages, ...rest }) => ({ ...rest, pages: pages.size }))),
      },
    },
  ];
}

export const check: Check = { meta, run };
