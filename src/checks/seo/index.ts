// The seo checks, listed for the registry.
import type { Check } from '../types.js';
import { check as canonicalConflict } from './canonical_conflict.js';
import { check as canonicalHostMismatch } from './canonical_host_mismatch.js';
import { check as canonicalMissing } from './canonical_missing.js';
import { check as canonicalTargetStatus } from './canonical_target_status.js';
import { check as canonicalToRoot } from './canonical_to_root.js';
import { check as crawlableLinks } from './crawlable_links.js';
import { check as hreflangInvalid } from './hreflang_invalid.js';
import { check as hreflangReturnLinks } from './hreflang_return_links.js';
import { check as htmlLang } from './html_lang.js';
import { check as metaDescriptionDuplicate } from './meta_description_duplicate.js';
import { check as metaDescriptionMissing } from './meta_description_missing.js';
import { check as missingH1 } from './missing_h1.js';
import { check as multipleH1 } from './multiple_h1.js';
import { check as noindex } from './noindex.js';
import { check as openGraphMissing } from './open_graph_missing.js';
import { check as robotsDisallowAll } from './robots_disallow_all.js';
import { check as robotsTxtMissing } from './robots_txt_missing.js';
import { check as sitemapBadUrls } from './sitemap_bad_urls.js';
import { check as sitemapInvalid } from './sitemap_invalid.js';
import { check as sitemapMissing } from './sitemap_missing.js';
import { check as sitemapOtherHost } from './sitemap_other_host.js';
import { check as routeAnswersError } from './route_answers_error.js';
import { check as structuredDataInvalid } from './structured_data_invalid.js';
import { check as titleDuplicate } from './title_duplicate.js';
import { check as titleLength } from './title_length.js';
import { check as titleMissing } from './title_missing.js';
import { check as twitterCardMissing } from './twitter_card_missing.js';
import { check as viewportMissing } from './viewport_missing.js';

export const seoChecks: Check[] = [
  canonicalConflict,
  canonicalHostMismatch,
  canonicalMissing,
  canonicalTargetStatus,
  canonicalToRoot,
  crawlableLinks,
  hreflangInvalid,
  hreflangReturnLinks,
  htmlLang,
  metaDescriptionDuplicate,
  metaDescriptionMissing,
  missingH1,
  multipleH1,
  noindex,
  openGraphMissing,
  robotsDisallowAll,
  robotsTxtMissing,
  sitemapBadUrls,
  sitemapInvalid,
  sitemapMissing,
  sitemapOtherHost,
  routeAnswersError,
  structuredDataInvalid,
  titleDuplicate,
  titleLength,
  titleMissing,
  twitterCardMissing,
  viewportMissing,
];
