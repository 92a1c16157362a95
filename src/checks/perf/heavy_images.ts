// Fast: single images that are heavy in absolute terms or stored with almost no compression.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { formatOf, ImageTally, isImageResponse, naturalSizes } from './support/images.js';
import { bodyBytes, capped, isCountable, judgedPages, kib, withoutHash } from './support/requests.js';

const HEAVY_BYTES = 1024 * 1024;
const DENSE_MIN_BYTES = 200 * 1024;
// A well-encoded JPEG photo needs about 0.2–0.3 bytes per pixel; one byte per pixel or more means a
// photo saved losslessly (PNG/BMP), a barely compressed JPEG, or an animated GIF.
const DENSE_BYTES_PER_PIXEL = 1;

export const meta: CheckMeta = {
  id: 'perf.heavy_images',
  section: 'fast',
  severity: 'warning',
  title: 'Images are heavy or poorly compressed',
  impact: 'A single unoptimised image can outweigh the rest of the page and hold back how fast it appears.',
  docs: '/docs/checks/perf.heavy_images',
  requires: ['requests'],
    optional: ['dom'],
  thresholds: { heavy_bytes: HEAVY_BYTES, dense_min_bytes: DENSE_MIN_BYTES, dense_bytes_per_pixel: DENSE_BYTES_PER_PIXEL },
};

interface Heavy {
  url: string;
  kib: number;
  format: string;
  natural: string | null;
  bytes_per_pixel: number | null;
  reason: string;
  bytes: number;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const tally = new ImageTally<Heavy>();
  for (const page of judgedPages(evidence, views)) {
    const sizes = naturalSizes(page);
    for (const r of page.requests) {
      if (!isCountable(r) || r.status !== 200 || !isImageResponse(r)) continue;
      // The site's own images, or images its pages embed from a CDN; ad creatives that rotate per load
      // inside third-party frames are neither the site's choice nor stable between runs.
      if (!views.isFirstParty(r.url) && !sizes.has(withoutHash(r.url))) continue;
      const bytes = bodyBytes(r);
      if (bytes === null || bytes < DENSE_MIN_BYTES) continue;
      const format = formatOf(r.url, r);
      const size = sizes.get(withoutHash(r.url));
      const bpp = size && format !== 'svg' ? bytes / (size.width * size.height) : null;
      let reason: string | null = null;
      if (bytes >= HEAVY_BYTES) reason = `over ${kib(HEAVY_BYTES)} KiB`;
      else if (bpp !== null && bpp >= DENSE_BYTES_PER_PIXEL) reason = `${bpp.toFixed(2)} bytes per pixel`;
      if (!reason) continue;
      tally.add(
        {
          url: r.url,
          kib: kib(bytes),
          format,
          natural: size ? `${size.width}×${size.height}` : null,
          bytes_per_pixel: bpp === null ? null : Math.round(bpp * 100) / 100,
          reason,
          bytes,
        },
        page.final_url,
      );
    }
  }
  const images = tally.list().sort((a, b) => b.bytes - a.bytes || (a.url < b.url ? -1 : 1));
  if (!images.length) return [];
  const total = images.reduce((sum, i) => sum + i.bytes, 0);
  return [
    {
      page: images.length === 1 && images[0]!.pages === 1 ? images[0]!.page : undefined,
      title: `${images.length} heavy image${images.length === 1 ? '' : 's'} (${kib(total)} KiB in total)`,
      evidence: { total_kib: kib(total), ...capped('images', images.map(({ bytes: _b, ...rest }) => rest)) },
    },
  ];
}

export const check: Check = { meta, run };
