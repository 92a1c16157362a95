// Fast (info): large images served as JPEG, PNG, GIF or BMP where WebP or AVIF would be much smaller.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { formatOf, ImageTally, isImageResponse, naturalSizes } from './support/images.js';
import { bodyBytes, capped, isCountable, judgedPages, kib, withoutHash } from './support/requests.js';

const MIN_BYTES = 100 * 1024;
const LEGACY = new Set(['jpeg', 'png', 'gif', 'bmp', 'tiff']);

export const meta: CheckMeta = {
  id: 'perf.legacy_image_formats',
  section: 'fast',
  severity: 'info',
  title: 'Large images use older formats',
  impact: 'WebP and AVIF usually cut image bytes by a quarter to a half at the same visual quality.',
  docs: '/docs/checks/perf.legacy_image_formats',
  requires: ['requests'],
    optional: ['dom'],
  thresholds: { min_bytes: MIN_BYTES, formats: [...LEGACY].join(',') },
};

interface Legacy {
  url: string;
  format: string;
  kib: number;
  bytes: number;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const tally = new ImageTally<Legacy>();
  for (const page of judgedPages(evidence, views)) {
    const embedded = naturalSizes(page);
    for (const r of page.requests) {
      if (!isCountable(r) || r.status !== 200 || !isImageResponse(r)) continue;
      if (!views.isFirstParty(r.url) && !embedded.has(withoutHash(r.url))) continue;
      const bytes = bodyBytes(r);
      const format = formatOf(r.url, r);
      if (bytes === null || bytes < MIN_BYTES || !LEGACY.has(format)) continue;
      tally.add({ url: r.url, format, kib: kib(bytes), bytes }, page.final_url);
    }
  }
  const images = tally.list().sort((a, b) => b.bytes - a.bytes || (a.url < b.url ? -1 : 1));
  if (!images.length) return [];
  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  return [
    {
      title: `${images.length} large image${images.length === 1 ? '' : 's'} in JPEG/PNG/GIF (${kib(total)} KiB)`,
      evidence: { total_kib: kib(total), ...capped('images', images.map(({ bytes: _b, ...rest }) => rest)) },
    },
  ];
}

export const check: Check = { meta, run };
