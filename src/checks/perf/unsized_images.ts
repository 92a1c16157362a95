// Fast (info): <img> elements without width and height attributes, a common cause of layout shift.
import type { EvidenceBundle, ImageFact } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { ImageTally } from './support/images.js';
import { refusedByAudit } from '../http/support/outcome.js';
import { capped, judgedPages } from './support/requests.js';

export const meta: CheckMeta = {
  id: 'perf.unsized_images',
  section: 'fast',
  severity: 'info',
  title: 'Images without width and height attributes',
  impact: 'Without dimensions the browser cannot reserve space, so content jumps when the image arrives.',
  docs: '/docs/checks/perf.unsized_images',
  requires: ['dom'],
    optional: ['requests'],
  thresholds: { min_display_pixels: 4 },
};

/** The HTML rule Lighthouse applies: a non-negative integer (a leading "+" is rejected by Chrome). */
export function isExplicitSize(attr: string | null): boolean {
  if (!attr || attr.trim().startsWith('+')) return false;
  const n = parseInt(attr, 10);
  return Number.isFinite(n) && n >= 0;
}

interface Unsized {
  url: string;
  selector: string;
  displayed: string;
  width_attr: string | null;
  height_attr: string | null;
}

/** A CSS length that fixes a box's size: not `auto`, not empty (percentages and calc() do, as Lighthouse counts them). */
const fixes = (v: string | null | undefined): boolean => !!v && !/^(auto|inherit|initial|unset|revert|revert-layer)$/i.test(v.trim());

/**
 * Sized the way Lighthouse's unsized-images audit accepts: both attributes, or CSS width and height,
 * or a CSS aspect-ratio with one of them — from the element's style attribute or the rules of the
 * stylesheets the page could read (a cross-origin sheet without CORS is not readable).
 */
export function isSized(img: ImageFact): boolean {
  if (isExplicitSize(img.width_attr) && isExplicitSize(img.height_attr)) return true;
  const style = img.style_size;
  const sheet = img.sheet_size;
  if (!style && !sheet) return false;
  const set = (k: 'width' | 'height' | 'aspect_ratio') => fixes(style?.[k]) || fixes(sheet?.[k]);
  const width = set('width') || isExplicitSize(img.width_attr);
  const height = set('height') || isExplicitSize(img.height_attr);
  return (width && height) || (set('aspect_ratio') && (width || height));
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const tally = new ImageTally<Unsized>();
  for (const page of judgedPages(evidence, views)) {
    // An image the audit itself could not load (its guard refused it, no internet) shows its broken-image
    // box: its size here says nothing of the visitor's page.
    const unloaded = new Set((page.requests ?? []).filter((r) => refusedByAudit(r, page, evidence.blocked, views.offline)).map((r) => r.url));
    for (const img of page.dom?.images ?? []) {
      // Positioned fixed or absolute it shifts nothing: Lighthouse's unsized-images skips it too.
      if (isSized(img) || img.out_of_flow || unloaded.has(img.src)) continue;
      // Images not laid out (hidden, 1×1 pixels) cannot shift anything; inline data: SVGs are sized at parse.
      if (img.display_width * img.display_height < 4 || !img.src || /^data:image\/svg/i.test(img.src)) continue;
      tally.add(
        {
          url: img.src.startsWith('data:') ? `${img.src.slice(0, 40)}…` : img.src,
          selector: img.selector,
          displayed: `${img.display_width}×${img.display_height}`,
          width_attr: img.width_attr,
          height_attr: img.height_attr,
        },
        page.final_url,
        undefined,
        // One file shown in two places (a logo in the header and, larger, in the content) is two
        // elements to size: counted by file and place, the same place on several pages once, and the
        // same slot repeated (24 cards of a grid sharing a placeholder) once: positions and the ids
        // pages give their headings (`#arrcompact > span > img`) left out.
        `${img.src}\u0000${img.selector.replace(/:nth-(?:of-type|child)\(\d+\)|#[\w-]+(?=\s*>)/g, '')}`,
      );
    }
  }
  const images = tally.list();
  if (!images.length) return [];
  return [
    {
      page: images.every((i) => i.page === images[0]!.page && i.pages === 1) ? images[0]!.page : undefined,
      title: `${images.length} image${images.length === 1 ? '' : 's'} without width and height attributes`,
      evidence: {
        note: 'CSS sizing (width + height, or aspect-ratio) also prevents shifts: the element\'s style attribute and the rules of the stylesheets the page could read were looked at (a cross-origin stylesheet without CORS cannot be read)',
        ...capped('images', images),
      },
    },
  ];
}

export const check: Check = { meta, run };
