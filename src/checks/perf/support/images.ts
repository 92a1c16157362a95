// Image facts joined with the responses that delivered them: format, bytes and displayed size.
import type { ImageFact, PageEvidence, RequestRecord } from '../../../evidence/types.js';
import { bodyBytes, isCountable, mediaType, requestsByUrl, withoutHash } from './requests.js';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'svg' | 'bmp' | 'tiff' | 'ico' | 'other';

const BY_MEDIA_TYPE: Record<string, ImageFormat> = {
  'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/pjpeg': 'jpeg', 'image/png': 'png', 'image/apng': 'png',
  'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif', 'image/svg+xml': 'svg', 'image/bmp': 'bmp',
  'image/x-ms-bmp': 'bmp', 'image/tiff': 'tiff', 'image/x-icon': 'ico', 'image/vnd.microsoft.icon': 'ico',
};
const BY_EXTENSION: Record<string, ImageFormat> = {
  jpg: 'jpeg', jpeg: 'jpeg', jfif: 'jpeg', png: 'png', gif: 'gif', webp: 'webp', avif: 'avif', svg: 'svg',
  bmp: 'bmp', tif: 'tiff', tiff: 'tiff', ico: 'ico',
};

/** The format a response actually carried (Content-Type first: CDNs negotiate WebP/AVIF behind .jpg URLs). */
export function formatOf(url: string, r?: RequestRecord): ImageFormat {
  const fromType = r ? BY_MEDIA_TYPE[mediaType(r)] : undefined;
  if (fromType) return fromType;
  if (/^data:image\/svg/i.test(url)) return 'svg';
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    /* keep the raw text */
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) || 'other';
}

/** True for a request that delivered an image (by resource type or media type). */
export function isImageResponse(r: RequestRecord): boolean {
  return r.resource_type === 'image' || mediaType(r).startsWith('image/');
}

export interface DeliveredImage {
  fact: ImageFact;
  request: RequestRecord;
  bytes: number;
  format: ImageFormat;
}

/** The page's `<img>` elements that were downloaded over the network, with their response and size. */
export function deliveredImages(page: PageEvidence): DeliveredImage[] {
  if (!page.dom) return [];
  const byUrl = requestsByUrl(page);
  const out: DeliveredImage[] = [];
  for (const fact of page.dom.images) {
    if (!/^https?:/i.test(fact.src)) continue;
    const request = byUrl.get(withoutHash(fact.src));
    if (!request || !isCountable(request) || request.status !== 200) continue;
    const bytes = bodyBytes(request);
    if (bytes === null) continue;
    out.push({ fact, request, bytes, format: formatOf(fact.src, request) });
  }
  return out;
}

/** Natural pixel size of an image URL as seen in any `<img>` of the page, when known. */
export function naturalSizes(page: PageEvidence): Map<string, { width: number; height: number }> {
  const map = new Map<string, { width: number; height: number }>();
  for (const img of page.dom?.images ?? []) {
    if (img.natural_width > 0 && img.natural_height > 0) {
      map.set(withoutHash(img.src), { width: img.natural_width, height: img.natural_height });
    }
  }
  return map;
}

/** Collects per-URL items across pages: first item kept (or replaced by `better`), pages counted. */
export class ImageTally<T extends { url: string }> {
  private items = new Map<string, { item: T; pages: string[] }>();
  /** `key` tells items apart (default the URL: one file however often it is shown). */
  add(item: T, page: string, better?: (a: T, b: T) => boolean, key = item.url): void {
    const prev = this.items.get(key);
    if (!prev) {
      this.items.set(key, { item, pages: [page] });
      return;
    }
    if (!prev.pages.includes(page)) prev.pages.push(page);
    if (better?.(item, prev.item)) prev.item = item;
  }
  /** Items with the first page they were seen on and a page count, in insertion order. */
  list(): (T & { page: string; pages: number })[] {
    return [...this.items.values()].map(({ item, pages }) => ({ ...item, page: pages[0]!, pages: pages.length }));
  }
}
