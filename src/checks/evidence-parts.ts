// What a check may see: the bundle cut down to the evidence parts its meta declares (Lighthouse's
// requiredArtifacts). The tables below are typed over every field of the evidence, so a field added to
// the bundle without saying which part it belongs to does not compile.
import type { ConsentEvidence, EvidenceBundle, PageEvidence, SiteEvidence } from '../evidence/types.js';
import type { EvidencePart } from './types.js';

/** `always`: identity and run context every check gets; `never`: not for checks (e.g. model opinions). */
type Part = EvidencePart | 'always' | 'never';

const PAGE_FIELDS: Record<keyof PageEvidence, Part> = {
  url: 'always',
  final_url: 'always',
  shown_at: 'always',
  captured_at: 'always',
  depth: 'always',
  found_on: 'always',
  region: 'always',
  reached_by: 'always',
  status: 'always',
  navigation_error: 'always',
  left_for: 'pages',
  title: 'always',
  capture_ms: 'never',
  screenshot: 'never',
  redirect_chain: 'pages',
  host_address: 'pages',
  dialogs: 'pages',
  popups: 'pages',
  downloads: 'pages',
  headers: 'headers',
  html: 'html',
  dom: 'dom',
  requests: 'requests',
  console: 'console',
  page_errors: 'console',
  cookies: 'cookies',
  performance: 'performance',
  measurements: 'performance',
  froze_alone: 'performance',
  accessibility: 'accessibility',
  keyboard: 'accessibility',
  globals: 'globals',
  tag_config: 'globals',
};

const SITE_FIELDS: Record<keyof SiteEvidence, Part> = {
  origin: 'always',
  robots: 'robots',
  sitemaps: 'sitemaps',
  sitemap_url_checks: 'sitemaps',
  link_checks: 'link_checks',
  missing_page_probe: 'missing_page_probe',
  coverage: 'never',
  resource_checks: 'resource_checks',
  // Read with the failed requests they answer again.
  retried_resources: 'requests',
  external_link_checks: 'external_link_checks',
  // Read with the canonicals the DOM facts name.
  canonical_checks: 'dom',
  // axe's results at a phone's width, and its reflow facts: the accessibility checks read them.
  mobile_view: 'accessibility',
  // axe's results on what clicks showed (a tab panel, a modal).
  revealed_states: 'accessibility',
};

const BUNDLE_FIELDS: Record<keyof EvidenceBundle, Part> = {
  schema_version: 'always',
  run: 'always',
  conditions: 'always',
  notes: 'always',
  images: 'always',
  pages: 'always',
  site: 'always',
  consent: 'consent',
  blocked: 'requests',
  flows: 'flows',
  chaos: 'chaos',
  advisories: 'never',
};

/** Parts whose absence is not a reason to skip a check (it reads them when present). */
const gives = (declared: ReadonlySet<EvidencePart>, part: Part) =>
  part === 'always' || (part !== 'never' && declared.has(part));

function pick<T extends object>(source: T, table: Record<keyof T, Part>, declared: ReadonlySet<EvidencePart>): T {
  const out: Partial<T> = {};
  for (const key of Object.keys(source) as (keyof T)[]) {
    const part = table[key];
    // A field the table does not know (an older or newer bundle) is withheld: a check must declare it.
    if (part !== undefined && gives(declared, part)) out[key] = source[key];
  }
  return out as T;
}

/**
 * The bundle as a check that declares `requires` sees it. Pages keep their identity (URL, status,
 * title, depth) so every check can name the page a finding is about; everything else is withheld
 * unless declared. Pure and cheap: shallow copies, no evidence is cloned.
 */
export function restrictBundle(bundle: EvidenceBundle, requires: readonly EvidencePart[]): EvidenceBundle {
  const declared = new Set(requires);
  const restricted = pick(bundle, BUNDLE_FIELDS, declared);
  restricted.pages = bundle.pages.map((p) => pick(p, PAGE_FIELDS, declared));
  restricted.site = pick(bundle.site, SITE_FIELDS, declared);
  if (!declared.has('consent')) restricted.consent = null as ConsentEvidence | null;
  if (!declared.has('requests')) restricted.blocked = [];
  return restricted;
}

/** A stable key for a set of declared parts, so views are built once per distinct set. */
export function partsKey(requires: readonly EvidencePart[]): string {
  return [...new Set(requires)].sort().join(',');
}
