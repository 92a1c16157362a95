// The perf checks, listed for the registry (sorted by id).
import type { Check } from '../types.js';
import { check as cls } from './cls.js';
import { check as fcp } from './fcp.js';
import { check as heavyImages } from './heavy_images.js';
import { check as lcp } from './lcp.js';
import { check as legacyImageFormats } from './legacy_image_formats.js';
import { check as oversizedImages } from './oversized_images.js';
import { check as pageWeight } from './page_weight.js';
import { check as renderBlockingResources } from './render_blocking_resources.js';
import { check as tbt } from './tbt.js';
import { check as ttfb } from './ttfb.js';
import { check as uncachedStaticAssets } from './uncached_static_assets.js';
import { check as uncompressedText } from './uncompressed_text.js';
import { check as unsizedImages } from './unsized_images.js';

export const perfChecks: Check[] = [
  cls,
  fcp,
  heavyImages,
  lcp,
  legacyImageFormats,
  oversizedImages,
  pageWeight,
  renderBlockingResources,
  tbt,
  ttfb,
  uncachedStaticAssets,
  uncompressedText,
  unsizedImages,
];
