// Fast: images downloaded at far more pixels than they are displayed (Lighthouse "Properly size images").
import type { EvidenceBundle, ImageFact } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { deliveredImages, ImageTally, type DeliveredImage } from './support/images.js';
import { capped, judgedPages, kib } from './support/requests.js';

const DPR_ALLOWANCE = 2;
const MIN_WASTED_BYTES = 20 * 1024;
const WARNING_TOTAL_WASTED_BYTES = 100 * 1024;

export const meta: CheckMeta = {
  id: 'perf.oversized_images',
  section: 'fast',
  severity: 'warning',
  title: 'Images are much larger than displayed',
  impact: 'Downloading pixels nobody sees wastes bandwidth and delays the images and content that matter.',
  docs: '/docs/checks/perf.oversized_images',
  requires: ['dom', 'requests'],
  thresholds: {
    dpr_allowance: DPR_ALLOWANCE,
    min_wasted_bytes_per_image: MIN_WASTED_BYTES,
    warning_total_wasted_bytes: WARNING_TOTAL_WASTED_BYTES,
  },
};

interface Oversized {
  url: string;
  selector: string;
  natural: string;
  displayed: string;
  kib: number;
  wasted_kib: number;
  wasted: number;
}

/**
 * The size the file is drawn at in its box. By default (`object-fit: fill`) it is stretched to the box. With
 * `cover` it is scaled to fill the box and the overflow cropped, so the drawn image is larger than the box in
 * one dimension: a 1600×800 banner cropped into a 400×400 card is drawn 800×400, and those pixels are needed.
 * With `contain` it is scaled to fit inside, `scale-down` likewise but never enlarged, `none` at its own size.
 */
export function drawnSize(fact: ImageFact): { width: number; height: number } {
  const box = { width: fact.display_width, height: fact.display_height };
  const { natural_width: nw, natural_height: nh } = fact;
  if (!fact.object_fit || nw <= 0 || nh <= 0) return box;
  const cover = Math.max(box.width / nw, box.height / nh);
  const contain = Math.min(box.width / nw, box.height / nh);
  const scale =
    fact.object_fit === 'cover' ? cover
    : fact.object_fit === 'contain' ? contain
    : fact.object_fit === 'scale-down' ? Math.min(1, contain)
    : 1;
  return { width: nw * scale, height: nh * scale };
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const tally = new ImageTally<Oversized>();
  for (const page of judgedPages(evidence, views)) {
    // One file shown in several places on a page (a product photo in a 263 px carousel and a 60 px sidebar
    // widget) downloads once: it is judged by its largest drawn copy, the one that needs the most pixels.
    const largest = new Map<string, DeliveredImage & { drawn: { width: number; height: number } }>();
    for (const d of deliveredImages(page)) {
      if (d.fact.display_width < 1 || d.fact.display_height < 1) continue;
      const drawn = drawnSize(d.fact);
      const seen = largest.get(d.fact.src);
      if (!seen || drawn.width * drawn.height > seen.drawn.width * seen.drawn.height) largest.set(d.fact.src, { ...d, drawn });
    }
    for (const { fact, bytes, format, drawn } of largest.values()) {
      // Vector images scale for free; images not yet decoded have no meaningful size.
      if (format === 'svg') continue;
      const naturalPixels = fact.natural_width * fact.natural_height;
      if (naturalPixels <= 0) continue;
      // A 2x image for high-density screens is good practice, so up to twice the drawn size is free.
      const neededPixels = drawn.width * DPR_ALLOWANCE * drawn.height * DPR_ALLOWANCE;
      const wasted = Math.round(bytes * Math.max(0, 1 - neededPixels / naturalPixels));
      if (wasted < MIN_WASTED_BYTES) continue;
      tally.add(
        {
          url: fact.src,
          selector: fact.selector,
          natural: `${fact.natural_width}×${fact.natural_height}`,
          displayed: `${fact.display_width}×${fact.display_height}`,
          ...(fact.object_fit ? { object_fit: fact.object_fit, drawn: `${Math.round(drawn.width)}×${Math.round(drawn.height)}` } : {}),
          kib: kib(bytes),
          wasted_kib: kib(wasted),
          wasted,
        },
        page.final_url,
        (a, b) => a.wasted > b.wasted,
      );
    }
  }
  const images = tally.list().sort((a, b) => b.wasted - a.wasted);
  if (!images.length) return [];
  const total = images.reduce((sum, i) => sum + i.wasted, 0);
  const pages = new Set(images.map((i) => i.page));
  return [
    {
      page: pages.size === 1 && images.every((i) => i.pages === 1) ? images[0]!.page : undefined,
      severity: total >= WARNING_TOTAL_WASTED_BYTES ? 'warning' : 'info',
      title: `${images.length} image${images.length === 1 ? '' : 's'} larger than displayed (about ${kib(total)} KiB wasted)`,
      evidence: {
        estimated_wasted_kib: kib(total),
        dpr_allowance: DPR_ALLOWANCE,
        ...capped('images', images.map(({ wasted: _w, ...rest }) => rest)),
      },
    },
  ];
}

export const check: Check = { meta, run };
