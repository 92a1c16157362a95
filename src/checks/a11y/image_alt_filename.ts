// Accessible: images whose text alternative is a file name, a path, a camera's name for the photo or a
// template's placeholder ("...", "image") (WCAG 2 failure F30: a text alternative that is not an
// alternative). axe's image-alt accepts any alt.
import { percentDecoded } from '../../evidence/url-identity.js';
import type { EvidenceBundle, ImageFact } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'a11y.image_alt_filename',
  section: 'accessible',
  severity: 'warning',
  title: 'Image text alternative is a file name or a placeholder',
  impact: 'Screen-reader users hear "underscore images slash 9 4 8 6 dot png" instead of what the image shows.',
  docs: '/docs/checks/a11y.image_alt_filename',
  requires: ['dom'],
  thresholds: { wcag: '1.1.1 (A), failure F30', patterns: 'image file name or path, URL, camera file name (IMG_1234, DSC01234), placeholder ("...", "image", "photo", "alt text")' },
};

const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|avif|svg|bmp|tiff?|heic|ico)(?:[?#].*)?$/i;
const CAMERA_NAME = /^(?:img|dsc[nf]?|dcim|pxl|mvimg|screen ?shot|photo|image)[-_ ]?\d{3,}[\w-]*$/i;

/**
 * Words a template or a CMS leaves where the alternative belongs (Bootstrap's docs and Start Bootstrap
 * write `alt="..."`): they name no image. Not "logo" or "icon", which say at least what the image is.
 */
const PLACEHOLDER_ALT = /^(?:[.…·*#_\-\s]+|image|img|picture|pic|photo|photograph|graphic|alt|alt ?text|alternative text|image description|placeholder|untitled|spacer|thumbnail|thumb|lorem ipsum.*|your image|image here|insert image)$/i;

/** A text alternative a template left as a placeholder. */
export function isPlaceholderAlt(alt: string): boolean {
  const text = alt.trim();
  return text.length > 0 && PLACEHOLDER_ALT.test(text);
}

/** A text alternative that names the file instead of describing it. */
export function isFileNameAlt(alt: string, src: string): boolean {
  const text = alt.trim();
  if (!text) return false;
  if (/^(?:https?:)?\/\//i.test(text) || /^\.{0,2}\//.test(text)) return IMAGE_FILE.test(text) || /\/[^\s]+$/.test(text);
  // A single token ending in an image extension (no spaces: "logo.png", "hero_final-2x.webp").
  if (!/\s/.test(text) && IMAGE_FILE.test(text)) return true;
  if (CAMERA_NAME.test(text)) return true;
  // The file's own name, extension or not ("9486a1f2" for 9486a1f2.png), also without the suffixes
  // builders add to an upload's copies (Webflow's "_1" and "-p-500", WordPress's "-1024x768", "-scaled").
  const file = percentDecoded(src.split(/[?#]/)[0]!.split('/').pop() ?? '');
  const bare = (name: string) => name.toLowerCase().replace(IMAGE_FILE, '').replace(/(?:-p-\d+|[-_]\d{1,2}|@\dx|-\d+x\d+|-scaled|-min)+$/, '');
  const stem = bare(file);
  return stem.length >= 6 && !/\s/.test(text) && /[\d_-]/.test(stem) && (text.toLowerCase() === file.toLowerCase() || bare(text) === stem);
}

export function run(_evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const found: { page: string; image: ImageFact; kind: 'file name' | 'placeholder' }[] = [];
  for (const page of views.loadedPages) {
    if (page.status! >= 400) continue;
    for (const image of page.dom?.images ?? []) {
      // Not shown (hidden, a 1×1 pixel): nothing is announced.
      if (image.display_width * image.display_height < 4 || image.alt === null) continue;
      if (isFileNameAlt(image.alt, image.src)) found.push({ page: page.final_url, image, kind: 'file name' });
      else if (isPlaceholderAlt(image.alt)) found.push({ page: page.final_url, image, kind: 'placeholder' });
    }
  }
  if (!found.length) return [];
  // One image with the same alternative on several pages (a template's logo) is listed once, with its pages.
  const images = [...groupBy(found, (f) => `${f.image.alt}\u0000${f.image.src}`).values()].map((g) => {
    const { image } = g[0]!;
    return { alt: clip(image.alt!, 120), kind: g[0]!.kind, src: image.src.startsWith('data:') ? `${image.src.slice(0, 40)}…` : image.src, selector: image.selector, ...listed('pages', unique(g.map((f) => f.page)), 5) };
  });
  const pages = unique(found.map((f) => f.page));
  const kinds = unique(images.map((i) => i.kind)).sort().join(' or a ');
  return [
    {
      page: pages.length === 1 ? pages[0] : undefined,
      title: `${images.length} image${images.length === 1 ? '' : 's'} whose text alternative is a ${kinds} (“${images[0]!.alt}”${images.length > 1 ? ', …' : ''})`,
      evidence: { ...listed('images', images), ...listed('pages', pages) },
    },
  ];
}

export const check: Check = { meta, run };
