// The evidence bundle: everything capture recorded about one run. Checks read only this.
// Bump EVIDENCE_SCHEMA_VERSION on any incompatible change; stored bundles carry their version.

import type { BlockedRequest } from '../guard/blocked.js';
import type { FailureReason } from './request-outcome.js';

/** Requests the URL guard refused: the guard owns this shape. */
export type { BlockedRequest };

export const EVIDENCE_SCHEMA_VERSION = 1;

export interface EvidenceBundle {
  schema_version: number;
  run: RunInfo;
  conditions: MeasurementConditions;
  pages: PageEvidence[];
  site: SiteEvidence;
  /** The start page loaded three ways (no interaction, reject, accept); null when not captured. */
  consent: ConsentEvidence | null;
  /** Requests the URL guard refused (any page, any context), with the reason. */
  blocked: BlockedRequest[];
  /** Capture-level problems that did not stop the run (a page that crashed, a probe that failed). */
  notes: string[];
  /** Model opinions recorded during the run (kept with the evidence so re-grading never calls a model). */
  advisories?: AdvisoryRecord[];
  /** Step-shaped evidence beside the crawl-shaped pages: each flow (or persona walk) the run acted out. */
  flows?: FlowEvidence[];
  /** Images taken during the run (screenshots); their bytes are stored beside the bundle, by id. */
  images?: ImageRef[];
  /** A chaos run: the persona's walk (in `flows`), what broke, and what it would have sent. */
  chaos?: ChaosEvidence;
}

export interface ChaosEvidence {
  persona: string;
  seed: number;
  step_cap: number;
  /** dry_run: every non-GET request answered locally; mutation_allowed: the owner authorized the host. */
  mode: 'dry_run' | 'mutation_allowed';
  breakages: Breakage[];
  /** Requests the page made that siteqa answered itself (dry run), with a redacted body. */
  would_have_sent: { step: number; method: string; url: string; body: string | null }[];
  /** Requests refused outright: payment providers, always. */
  refused: { step: number; method: string; url: string; reason: string }[];
  /** When a payment form was found the run stopped before anything could be submitted. */
  payment_stop: { step: number; url: string; detected: string } | null;
}

export interface Breakage {
  kind: 'uncaught_exception' | 'server_error' | 'console_error' | 'blank_page' | 'broken_text' | 'dead_click' | 'endless_spinner' | 'lost_input';
  message: string;
  /** Index of the step after which it was seen. */
  step: number;
  url: string;
  screenshot: string | null;
  /** The steps that lead to it from the start page, as flow-spec steps (a draft flow to confirm). */
  reproduction: { action: string; target?: string; value?: string; url?: string; key?: string }[];
  /**
   * The shortest step list found (by delta debugging, in fresh page sessions) that still shows the same
   * breakage; absent when the run had no time or replays left to shrink it.
   */
  minimal?: { action: string; target?: string; value?: string; url?: string; key?: string }[];
  /** How the shrinking went: replays spent, whether the breakage reproduced at all, steps before and after. */
  shrink?: { replays: number; reproduced: boolean; from: number; to: number };
  /** The minimal steps as a flow-spec v1 object to POST to /api/v1/flows as `spec` (a draft to confirm). */
  draft_flow?: Record<string, unknown> | null;
}

export interface ImageRef {
  /** Unique within the run: `img-001`… */
  id: string;
  kind: 'screenshot';
  content_type: 'image/jpeg' | 'image/webp' | 'image/png';
  bytes: number;
  width: number | null;
  height: number | null;
  /** What it shows, in words (e.g. "step 3: click \"Add to cart\""). */
  caption: string;
}

/** One flow acted out in the run: its steps in order, each with what happened. */
export interface FlowEvidence {
  flow_id: string | null;
  name: string;
  /** The spec version the run pinned (flows); null for a persona walk. */
  spec_version: string | null;
  outcome: 'passed' | 'failed' | 'error';
  /** Why the flow could not run at all (start page refused, no time left), else null. */
  error: string | null;
  steps: StepEvidence[];
}

export interface StepTargetIdentity {
  role: string | null;
  name: string | null;
  label: string | null;
  text: string | null;
  test_id: string | null;
  css: string | null;
  tag: string;
  form: string | null;
}

export interface StepEvidence {
  index: number;
  /** The spec step's id (`s1`…). */
  step_id: string;
  action: string;
  /** The target as the spec names it (a label, a button's name), null for page-level steps. */
  target: string | null;
  /** The value typed or chosen, with every credential masked (`••••`); null when the step has none. */
  value: string | null;
  outcome: 'passed' | 'failed' | 'healed' | 'skipped';
  /** What went wrong, in words; null when it passed. */
  error: string | null;
  /** The element the step touched, as identified when it was touched. */
  resolved: StepTargetIdentity | null;
  /** When a target matched nothing, several, or something that is not the pinned element: what is there. */
  candidates: StepTargetIdentity[];
  url_before: string;
  url_after: string;
  /** Status of the main document after the step when the step navigated, else null. */
  status: number | null;
  started_at: string;
  duration_ms: number;
  requests: RequestRecord[];
  console: ConsoleRecord[];
  page_errors: PageErrorRecord[];
  /** Image id of the screenshot taken after the step (credentials masked), null when none. */
  screenshot: string | null;
}

export interface AdvisoryRecord {
  check_id: string;
  note: string;
  model: string;
  created_at: string;
}

export interface RunInfo {
  id: string;
  url: string;
  started_at: string;
  finished_at: string;
  /** True when the run deadline cut the crawl short; the evidence is partial. */
  deadline_hit: boolean;
}

export interface MeasurementConditions {
  browser: string;
  user_agent: string;
  viewport: { width: number; height: number };
  /** Lab conditions: no network or CPU throttling is applied; numbers are from one load. */
  network_throttling: string;
  cpu_throttling: string;
  page_concurrency: number;
  max_pages: number;
  deadline_ms: number;
  /** The app-model version the run pinned at creation (docs/app-models.md); absent when none applied. */
  app_model?: { domain: string; version: number };
  /** Whether the run signed in first with a test account of its app model, and as whom (docs/app-models.md); absent when the model declares no login. */
  login?: LoginConditions;
  /**
   * How the trusted timings were taken: Lighthouse's `benchmarkIndex` measured in the browser just
   * before the measuring pass, and the pass itself (pages loaded alone, one at a time). Absent in
   * bundles captured before the measuring pass existed.
   */
  timing?: TimingConditions;
}

export interface LoginConditions {
  /** The account's credential NAME (never a value); null when the model names no account. */
  account: string | null;
  /** The login page, as declared. */
  url: string;
  /** logged_in: the success signal held; failed: a login step failed (its flow in `flows` says which and what was seen); skipped: not attempted. */
  outcome: 'logged_in' | 'failed' | 'skipped';
  /** Why the run is not logged in; null when it is. */
  reason: string | null;
  /** Requests let through as the login's own authorized write while every other one stayed dry (chaos runs), with the URL they went to. */
  submitted: { method: string; url: string }[];
}

export interface TimingConditions {
  /** Lighthouse's benchmarkIndex (a fixed JS workload, iterations per second) in the browser; null when it could not run. */
  benchmark_index: number | null;
  /** Below this index the machine was too loaded to judge CPU-bound timings (FCP, LCP, TBT). */
  benchmark_floor: number;
  /** Pages loaded in the measuring pass, and how many loads it made (a second one confirms a crossing). */
  pages_measured: number;
  loads: number;
  /** How long the pass took, benchmark included (diagnostics; no check grades on it). */
  duration_ms: number;
  /** Why the pass stopped early or did not run (deadline, start page not loaded); null when it ran. */
  skipped: string | null;
}

/** Where the crawl found a page: the start URL, a link's region, the sitemap, or a click (a route a script navigated to). */
export type LinkRegion = 'start' | 'nav' | 'header' | 'footer' | 'body' | 'sitemap' | 'click';

/** How a page no link leads to was reached: clicks on the page `from`, in order (their accessible names). */
export interface ReachedBy {
  from: string;
  clicks: string[];
  /**
   * `push_state`: the app changed the address itself; `navigation`: a new document; `none`: the address did
   * not change; `revealed`: a link that appeared on the page after the click ("Show all", "Load more").
   */
  route: 'push_state' | 'navigation' | 'none' | 'revealed';
  /** The evidence was captured right after the click, not by loading the URL directly (it does not survive a direct load, or was not loaded). */
  after_click: boolean;
}

export interface PageEvidence {
  /** URL as requested (normalized). */
  url: string;
  /** Where the main frame was going on its own after the page had loaded and settled (a timed meta refresh, a delayed script redirect): held back while the page was recorded. Absent when it stayed. */
  left_for?: string;
  /** URL after redirects. */
  final_url: string;
  /**
   * The address the page showed once its scripts ran, when they moved it to another path or query of the
   * same site with `history.replaceState`/`pushState` (a single-page app restoring "/route" from the
   * "/?/route" its host's 404 page forwarded to). Absent when it stayed at `final_url`.
   */
  shown_at?: string;
  /** Tab through the page and whether each stop shows focus (the start page; absent elsewhere and in older bundles). */
  keyboard?: KeyboardWalk | null;
  captured_at: string;
  depth: number;
  found_on: string | null;
  region: LinkRegion;
  /** Status of the main document's final response; null when navigation failed. */
  status: number | null;
  /** Main document response headers, names lower-cased. */
  headers: Record<string, string>;
  /** Each hop before the final response. */
  redirect_chain: RedirectHop[];
  /** Navigation failure (e.g. net::ERR_TOO_MANY_REDIRECTS, timeout); null on success. */
  navigation_error: string | null;
  title: string | null;
  html: HtmlSnapshot | null;
  dom: DomFacts | null;
  requests: RequestRecord[];
  console: ConsoleRecord[];
  page_errors: PageErrorRecord[];
  dialogs: { type: string; message: string }[];
  popups: { url: string }[];
  downloads: { url: string; suggested_filename: string }[];
  cookies: CookieRecord[];
  performance: PerformanceRecord | null;
  /**
   * Timings from the measuring pass: the page loaded alone in the browser (no other page, no axe),
   * in a fresh context. One load, or two when the first crossed a "good" threshold (confirm before
   * count). Absent when the page was not measured again (its crawl timings were all good).
   */
  measurements?: PerformanceRecord[];
  /**
   * A page whose main thread stopped answering in the crawl, loaded again alone in the measuring pass:
   * true when it froze again (the freeze is the site's), false when it answered (it was our load).
   * Absent when it was not loaded again.
   */
  froze_alone?: boolean;
  accessibility: AccessibilityRecord | null;
  /** Names of known measurement globals present on window after load (e.g. "gtag", "dataLayer"). */
  globals: string[];
  /** Measurement commands the page queued (`gtag('config', 'G-…')`, GTM's start, Matomo's site id), read after load. */
  tag_config?: TagConfigEntry[];
  /** Where capture spent its time on this page, in ms (diagnostics; no check grades on it). */
  capture_ms?: Record<string, number>;
  /** Set when no link leads to this page: the clicks that reached it (region `click`). */
  reached_by?: ReachedBy;
  /** The picture of the page after its snapshot (absent in older bundles, null when none was taken). */
  screenshot?: PageShot | null;
  /**
   * Where the final URL's host lies, as the URL guard classifies its addresses: `public` (every address
   * public unicast) or `private` (a private, loopback, link-local or local address or name: an intranet
   * or development host). Null when the host did not resolve; absent in bundles captured before it was recorded.
   */
  host_address?: 'public' | 'private' | null;
}

/** An image of part of a page, and which part: a document rectangle in CSS pixels (element rects use the same units). */
export interface PageShot {
  /** Image id (`img-001`), bytes stored beside the bundle. */
  image: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An element's box in document CSS pixels, rounded. */
export interface ElementRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RedirectHop {
  url: string;
  status: number;
  location: string | null;
}

export interface HtmlSnapshot {
  /** The serialized DOM after load, before any script of ours ran; cut at the cap. */
  content: string;
  bytes: number;
  truncated: boolean;
}

export interface DomFacts {
  lang: string | null;
  doctype: boolean;
  charset: string | null;
  viewport: string | null;
  meta: { name: string | null; property: string | null; http_equiv: string | null; content: string | null }[];
  /** `<link rel=canonical>` hrefs in the head (search engines ignore those in the body), resolved. */
  canonical: string[];
  /** `<link rel="sitemap" href>` in the head (Astro, some CMSs), resolved. Absent when none. */
  sitemap_links?: string[];
  /** `<link rel=alternate hreflang>` in the head: resolved href and the attribute as written. */
  hreflang: { lang: string; href: string; raw_href?: string }[];
  headings: { level: number; text: string }[];
  links: LinkFact[];
  /** Elements that act as links but have no crawlable href (onclick, role=link, javascript: URLs). */
  /** `onclick`: the handler its markup declares, cut short (absent when none, and in older bundles). */
  script_links: { selector: string; text: string; href: string | null; kind?: 'javascript_href' | 'onclick_anchor' | 'role_link' | 'clickable_element'; onclick?: string; /** A menu's parent item (aria-haspopup/expanded, or its item holds real links). */ submenu?: boolean }[];
  forms: { action: string; method: string; selector: string; has_password: boolean }[];
  images: ImageFact[];
  scripts: { src: string | null; async: boolean; defer: boolean; type: string | null; in_head: boolean }[];
  stylesheets: { href: string; media: string | null; in_head: boolean }[];
  json_ld: string[];
  iframes: { src: string }[];
  text_length: number;
  /**
   * Nothing is on screen once the page has loaded: no rendered text, picture, frame or control (in-page,
   * dom-facts.ts). Absent when something is, and in bundles captured before it was recorded.
   */
  rendered_blank?: true;
  /**
   * The main content's prose in the page's declared language, up to 2,400 characters (capture/in-page/
   * prose-sample.ts): code, navigation and passages with a `lang` of their own left out. Absent when none,
   * and in bundles captured before it was recorded.
   */
  prose?: string;
  /**
   * Elements the markup gives a click handler (`onclick`) that look clickable but no keyboard reaches:
   * not focusable, nothing focusable inside or around (capture/in-page/inline-click.ts; at most 25). Absent
   * when none, and in bundles captured before it was recorded.
   */
  inline_click_only?: (ClickTarget & { /** Its `onclick` attribute, cut short (absent in older bundles). */ handler?: string })[];
  /**
   * Elements marked `hidden` that a stylesheet shows anyway (capture/in-page/hidden-shown.ts; outermost,
   * at most 10): their display and position, and the share of the viewport they cover laid over the page
   * (0–1; fixed or absolute only, 0 for an element in the flow). Absent when
   * none, and in bundles captured before it was recorded.
   */
  hidden_shown?: (OutlinedElement & { display: string; position: string; covers: number })[];
  element_count: number;
  /** Headings as assistive technology reads them (h1–h6 and role=heading, aria-level applied), in document order. Absent in older bundles. */
  heading_outline?: HeadingFact[];
  /** Ids carried by two or more elements of the document (not inside <template> or shadow roots). */
  duplicate_ids?: DuplicateIdFact[];
  /** Every candidate URL of `<img srcset>` and `<picture><source srcset>` (the browser fetches one). */
  srcset_candidates?: { url: string; selector: string; source: 'img' | 'picture' }[];
  /** URLs that readable stylesheets (`from`: the sheet's URL, or "inline" for <style>) refer to. */
  css_refs?: CssRefFact[];
  /**
   * `<link rel=icon>` (also "shortcut icon"), `apple-touch-icon` and `manifest` in the head, resolved; data:
   * URLs left out. Absent in older bundles.
   */
  icons?: { rel: 'icon' | 'apple-touch-icon' | 'manifest'; href: string }[];
  /** Images the page's script moved from an earlier source (one that failed, or one it swapped before it answered) to one that loaded: an onerror fallback, holder.js. Absent when none. */
  replaced_images?: { earlier_src: string; selector: string; now_src: string }[];
  /**
   * Links to a part of the page itself (`#install`) that no element's id or `<a name>` carries once the
   * page has run; hash routes, `#top` and text fragments aside. Absent when none.
   */
  missing_fragments?: { fragment: string; selector: string; text: string }[];
}

export interface HeadingFact {
  level: number;
  text: string;
  selector: string;
  /** Not exposed to assistive technology (display:none, visibility:hidden, inside aria-hidden). */
  hidden: boolean;
  /** The level comes from role=heading / aria-level rather than the tag. */
  aria: boolean;
}

export interface DuplicateIdFact {
  id: string;
  count: number;
  tags: string[];
  /** Every element carrying the id is an SVG element (inline icons repeating their gradients and clip paths). */
  in_svg: boolean;
  /** What refers to the id: "fragment link", "label for", aria-* attribute names, "list", "form"… */
  referenced_by: string[];
  selectors: string[];
  /**
   * Occurrences that are hidden copies of another one: inside a carousel clone (a class such as
   * slick-cloned, swiper-slide-duplicate, glide__slide--clone) or an aria-hidden="true"/inert subtree, with
   * the same tag and text as another occurrence. Absent in evidence captured before it was recorded.
   */
  hidden_copies?: number;
}

export interface CssRefFact {
  url: string;
  from: string;
  kind: 'url' | 'import';
  /** The rule it sits in: a selector, "@font-face" or "@import". */
  context: string;
  /**
   * Nothing on this page uses the rule: its selector (pseudo-classes dropped) matches no element, or no
   * rule naming the font face's family does. Absent when used or unknown.
   */
  unused?: boolean;
}

export interface LinkFact {
  href: string;
  text: string;
  rel: string | null;
  region: Exclude<LinkRegion, 'start' | 'sitemap' | 'click'>;
  nofollow: boolean;
  /** The href as written, when it is page-relative (`undefined`, `../tabs/`): it resolves differently on every page. */
  raw_href?: string;
}

export interface ImageFact {
  src: string;
  selector: string;
  alt: string | null;
  width_attr: string | null;
  height_attr: string | null;
  /** Rendered CSS size. */
  display_width: number;
  display_height: number;
  /**
   * The pixels of the file shown: `naturalWidth`, or for a responsive image (srcset, <picture>) its
   * decoded bitmap's size, since `naturalWidth` there is divided by the density the browser picked.
   */
  natural_width: number;
  natural_height: number;
  loading: string | null;
  in_viewport: boolean;
  /** Width, height and aspect-ratio set in the element's own style attribute, when any is (absent otherwise). */
  style_size?: { width: string | null; height: string | null; aspect_ratio: string | null };
  /**
   * Width, height and aspect-ratio (other than `auto`) set by rules of readable stylesheets that match the
   * element, read only when it lacks a size attribute (absent otherwise, or when no rule sets one).
   */
  sheet_size?: { width: string | null; height: string | null; aspect_ratio: string | null };
  /** Computed position fixed or absolute (absent otherwise): out of the flow, it shifts nothing. */
  out_of_flow?: boolean;
  /**
   * CSS object-fit when it is not `fill` (absent otherwise): with `cover` the file is drawn larger than its box
   * and cropped, with `contain`/`scale-down` smaller, with `none` at its own size.
   */
  object_fit?: 'contain' | 'cover' | 'none' | 'scale-down';
}

export type ResourceType =
  | 'document' | 'stylesheet' | 'image' | 'media' | 'font' | 'script' | 'texttrack' | 'xhr' | 'fetch'
  | 'eventsource' | 'websocket' | 'manifest' | 'ping' | 'other';

export interface RequestRecord {
  url: string;
  method: string;
  resource_type: ResourceType | string;
  /** True for the page's main-frame navigation requests. */
  is_navigation: boolean;
  status: number | null;
  /** Failure text from the browser (net::ERR_...), or null. */
  failure: string | null;
  /** The URL guard refused it (see bundle.blocked for the reason). */
  blocked: boolean;
  /** Answered locally with 204 because it is a known analytics beacon endpoint. */
  beacon_stubbed: boolean;
  /** Body bytes as transferred (still content-encoded), null when unknown. */
  body_bytes: number | null;
  /** Bytes on the wire (headers + encoded body), null when unknown. */
  transfer_bytes: number | null;
  /** Milliseconds since the page's navigation start. */
  start_ms: number;
  duration_ms: number | null;
  response_headers: Record<string, string>;
  /** Request body for beacons (truncated), used to tell hits apart. */
  post_data: string | null;
  /** Why it did not complete (dns, refused, csp, aborted, guard_private…), null when it did; absent in older bundles. */
  failure_reason?: FailureReason | null;
  /** The URL guard's reason when it refused the request; absent in older bundles. */
  guard_reason?: string | null;
  /**
   * A file at the production address a local copy names, answered with the copy's own file at this
   * address (src/capture/session/copy-route.ts): the copy's answer, not production's.
   */
  served_from_copy?: string;
}

/** One measurement command found in the page (see src/capture/in-page/tag-config.ts). */
export interface TagConfigEntry {
  /** Where it was read: `dataLayer` (gtag/GTM), `_paq` (Matomo), `fbq` (Meta pixel queue), `google_tag_manager`, `ga` (analytics.js), `_gaq` (ga.js). */
  source: string;
  /** The command: `config`, `gtm.js`, `setSiteId`, `init`, `create`, `_setAccount`, or a container key. */
  command: string;
  /** The property or container id it names (G-…, GTM-…, a site id), null when none. */
  id: string | null;
}

export interface ConsoleRecord {
  type: string;
  text: string;
  url: string | null;
  line: number | null;
}

export interface PageErrorRecord {
  message: string;
  stack: string | null;
}

export interface CookieRecord {
  name: string;
  domain: string;
  path: string;
  secure: boolean;
  http_only: boolean;
  same_site: string | null;
  /** Seconds since epoch, -1 for a session cookie. */
  expires: number;
  /** Length only: cookie values are not kept. */
  value_length: number;
}

export interface PerformanceRecord {
  ttfb_ms: number | null;
  fcp_ms: number | null;
  lcp_ms: number | null;
  cls: number | null;
  tbt_ms: number | null;
  long_tasks: { start_ms: number; duration_ms: number }[];
  dom_content_loaded_ms: number | null;
  load_ms: number | null;
  /** The largest-contentful-paint element, described (absent in older bundles). */
  lcp_element?: { node: string; rect: ElementRect | null } | null;
  /** Layout shifts without recent input (first 20), with the elements that moved: where they are after load (`rect`) and where they were before the shift (`was`). */
  shifts?: { start_ms: number; value: number; sources: { node: string; rect: ElementRect | null; was?: ElementRect | null }[] }[];
  /** Files the browser marks as render-blocking (Resource Timing `renderBlockingStatus`); null or absent where it does not say. */
  render_blocking?: string[] | null;
}

export interface AccessibilityRecord {
  engine: string;
  violations: AxeViolation[];
  passes: number;
  incomplete: number;
  error: string | null;
  /**
   * Nodes set aside, by axe rule, because what axe measured there is not what a visitor meets:
   * `color-contrast`, text in a fixed or sticky element (a transparent header) over an image, gradient
   * or video at the top of the page, which axe measured against content that scrolled under it;
   * `scrollable-region-focusable`, a scroll box with no visible area. Absent when none.
   */
  set_aside?: Record<string, number>;
  /**
   * Present when this record is axe's second run, on the page loaded again alone after the crawl,
   * because the crawl's run failed: that run's error (e.g. timed out on a large page under load).
   */
  crawl_error?: string;
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  help_url: string;
  tags: string[];
  /** Affected nodes on the page; `nodes` holds at most the first 25. */
  total: number;
  /**
   * `undefined_element`: the node is or contains a custom element not defined when axe ran (`<ion-icon>`
   * whose script had not loaded): the name or role its script gives it was missing. Absent otherwise.
   */
  nodes: { target: string; html: string; summary: string; rect?: ElementRect | null; undefined_element?: boolean }[];
}

export interface SiteEvidence {
  origin: string;
  robots: FetchedResource | null;
  sitemaps: FetchedResource[];
  /** Status of URLs listed in the sitemap (a bounded sample). */
  sitemap_url_checks: UrlCheck[];
  /** Internal links found on visited pages that were not crawled, checked HEAD then GET. */
  link_checks: UrlCheck[];
  /**
   * A GET of a URL on the site that cannot exist (random path): how the site answers a missing page.
   * Absent in bundles captured before it was added, null when the start page did not load.
   */
  missing_page_probe?: MissingPageProbe | null;
  /** How much of the site the crawl saw (absent in bundles captured before it was recorded). */
  coverage?: CrawlCoverage;
  /** srcset candidates and stylesheet references no page loaded, checked through the guard. Absent in older bundles. */
  resource_checks?: ResourceCheck[];
  /**
   * The site's own page files (scripts, stylesheets, images, fonts, media) that failed without an answer
   * during the crawl and loaded on no page, asked for once more after it (at most 10). Absent in older bundles.
   */
  retried_resources?: UrlCheck[];
  /** Links to other sites, checked politely (one request at a time per host). Absent in older bundles. */
  external_link_checks?: UrlCheck[];
  /**
   * Canonical URLs on the site that no page of the crawl was, checked like links; `url` as the page
   * wrote it (on a local copy, a production canonical is looked for on the copy: `final_url` says
   * where). Absent in older bundles.
   */
  canonical_checks?: UrlCheck[];
  /**
   * The start page again at a phone's width (320 CSS px, WCAG 1.4.10's reflow width): axe's results
   * there and whether the page scrolls sideways. Absent in older bundles and when accessibility was not
   * audited; null when it could not be loaded.
   */
  mobile_view?: MobileView | null;
  /**
   * Content a click showed on an explored page without changing its address (a tab panel, a modal, an
   * accordion's body), audited by axe in that state: axe skips content hidden on load. Absent in older
   * bundles and when accessibility was not audited.
   */
  revealed_states?: RevealedState[];
}

export interface RevealedState {
  /** The page the click was made on (its address as loaded). */
  url: string;
  /** The control clicked: its accessible name as far as the page gives one, else its selector. */
  clicked: string;
  /** The outermost elements the click made visible, largest first; axe ran on these alone. */
  revealed: { selector: string; elements: number; text: string }[];
  accessibility: AccessibilityRecord | null;
  /** The viewport right after the click, for outlining the elements axe flagged. */
  screenshot?: PageShot | null;
}

/** The keyboard's path through the start page: whether each stop shows it has focus (WCAG 2.4.7). */
export interface KeyboardWalk {
  /** Focusable elements in the document. */
  focusable: number;
  /** Keyboard stops reached by Tab (at most 40). */
  stops: number;
  /** Stops judged: shown, not a text field (whose caret shows focus). */
  judged: number;
  /** Focus came back round or left the document before the limit. */
  complete: boolean;
  /** Why the walk ended: focus came back round (or left), the stop limit, or its time (absent in older bundles). */
  ended_by?: 'round' | 'limit' | 'time';
  /** Judged stops that look the same focused and unfocused (at most 20 listed). */
  without_indicator: KeyboardTarget[];
  /** How many judged stops look the same focused and unfocused, listed or not (absent in older bundles). */
  without_indicator_total?: number;
  /**
   * Elements that look clickable (pointer cursor) and have a click listener of their own, yet are not
   * focusable and hold or sit in nothing focusable: no keyboard reaches them (at most 20). Absent in older bundles.
   */
  pointer_only?: KeyboardTarget[];
  /**
   * Navigation submenus that open on hover but not when their trigger has keyboard focus: the trigger,
   * how many links the submenu holds and the first few (at most 8 menus probed). Absent in older bundles.
   */
  hover_only_menus?: (KeyboardTarget & { links: number; sample: string[] })[];
  /**
   * Controls Tab reaches that are no native control (`tabindex="0"` with a control's role or a pointer
   * cursor) and act on a click listener of their own, with no key listener on them or anywhere above them:
   * Enter and Space do nothing (at most 20). Absent in older bundles.
   */
  keys_ignored?: KeyboardTarget[];
  /**
   * Stops focus reached that a sighted keyboard user cannot see even focused (read after the browser
   * scrolled them into view): beyond the viewport, inside a transparent ancestor, or cut away by an
   * ancestor's hidden overflow (at most 20). Absent in older bundles.
   */
  unseen_stops?: (KeyboardTarget & { unseen: 'offscreen' | 'transparent' | 'clipped' })[];
  /** How many stops were unseen, listed or not. Absent in older bundles. */
  unseen_stops_total?: number;
}

/** An element as a finding names it and outlines it on the page's picture. */
export interface OutlinedElement {
  selector: string;
  tag: string;
  text: string;
  rect: ElementRect;
}

/** An element that reacts to a click. */
export type ClickTarget = OutlinedElement;

export interface KeyboardTarget extends ClickTarget {
  /** Whether it shows focus (always false where listed). */
  indicated: boolean;
}

export interface MobileView {
  url: string;
  final_url: string;
  viewport: { width: number; height: number };
  accessibility: AccessibilityRecord | null;
  reflow: ReflowFacts | null;
  screenshot?: PageShot | null;
  /**
   * Stylesheets and fonts the view asked for that got no answer (refused by the audit's guard, or no
   * network): the layout read may not be the one visitors get. Absent in older bundles.
   */
  unloaded?: { url: string; resource_type: string }[];
}

/** Whether the page scrolls sideways at the narrow width, and the outermost elements sticking out. */
export interface ReflowFacts {
  /** The layout viewport's width (`documentElement.clientWidth`). */
  viewport_width: number;
  /** The document's scroll width: wider than the viewport means sideways scrolling. */
  content_width: number;
  /** The root or body clips sideways overflow (`overflow-x: hidden|clip`): nothing to scroll to. */
  clipped: boolean;
  /**
   * Elements that stick out past the viewport's right edge while their parent does not (so each is a
   * cause, not a bystander), out-of-flow fixed elements and clipped ones aside; widest overflow first.
   * `two_dimensional`: content WCAG lets scroll both ways (a table, code, an image, a map, a video, a canvas).
   */
  culprits: {
    selector: string; tag: string; right: number; width: number; text: string; two_dimensional: boolean;
    /** On a page that clips sideways overflow: text of it runs past the edge, unclipped by itself, so it is cut off. */
    text_cut?: boolean;
  }[];
}

/** What the crawl knew about and what it visited: sitemap URLs, URL templates, routes found by clicking. */
export interface CrawlCoverage {
  /** Same-site page URLs the sitemaps list (distinct identities), and how many were visited as pages. */
  sitemap_urls: number;
  sitemap_urls_visited: number;
  /** Kinds of page (URL templates) among every URL the crawl knew, and how many it visited a page of. */
  templates_known: number;
  templates_visited: number;
  /** Per template (largest first, capped): URLs known and visited. */
  templates: { template: string; known: number; visited: number }[];
  /** Elements that looked like navigation but were no link, clicked on the start page; routes they led to. */
  clicked: number;
  click_routes: number;
}

export interface ResourceCheck extends UrlCheck {
  /**
   * `icon`, `apple-touch-icon`, `manifest`: declared in a page's head; `favicon_fallback`: `/favicon.ico`,
   * which browsers ask for when the start page declares no icon.
   */
  kind: 'srcset' | 'css_url' | 'css_import' | 'icon' | 'apple-touch-icon' | 'manifest' | 'favicon_fallback';
  /** Where the reference sits: the element's selector (srcset), the stylesheet's URL or "inline" (CSS). */
  referenced_from: string;
}

export interface MissingPageProbe {
  url: string;
  /** Final status after redirects; null on a network error. */
  status: number | null;
  final_url: string | null;
  /** Redirects followed before the final answer. */
  redirects: number;
  content_type: string | null;
  /** <title> of an HTML answer. */
  title: string | null;
  error: string | null;
}

export interface FetchedResource {
  url: string;
  status: number | null;
  content_type: string | null;
  body: string | null;
  truncated: boolean;
  error: string | null;
  /** How it was found: the default location, a robots.txt Sitemap line, or a sitemap index (used to seed the crawl). */
  source: 'default' | 'robots' | 'index';
}

/** How many of the pages carrying a checked reference a URL check lists (`found_on`): a reference listed on this many may be on more. */
export const FOUND_ON_LISTED = 10;

export interface UrlCheck {
  url: string;
  status: number | null;
  method: 'HEAD' | 'GET';
  error: string | null;
  final_url: string | null;
  /** Pages carrying the reference, at most FOUND_ON_LISTED. */
  found_on: string[];
  /**
   * A 404/410 answer whose HTML sends the browser on by itself (meta refresh or a script setting
   * `location`), read from the first 16 KB: a static host's single-page-app fallback, not a dead page.
   * Recorded by the external link checker; absent otherwise.
   */
  client_redirect?: 'meta_refresh' | 'script';
}


export type ConsentMode = 'none' | 'reject' | 'accept';

export interface ConsentEvidence {
  banner: {
    detected: boolean;
    /** Which rule or heuristic found it (e.g. "heuristic:button-text"). */
    method: string | null;
    selector: string | null;
  };
  loads: ConsentLoad[];
}

export interface ConsentLoad {
  mode: ConsentMode;
  url: string;
  /** Whether the requested consent action could be performed (always true for "none"). */
  action_taken: boolean;
  /** What was clicked, for reject/accept. */
  clicked: string | null;
  /** Requests made after the action (or during the whole load for "none"). */
  requests: RequestRecord[];
  cookies: CookieRecord[];
  globals: string[];
  tag_config?: TagConfigEntry[];
  error: string | null;
  /** The page as it looked after the choice and the reload (absent in older bundles). */
  screenshot?: PageShot | null;
}
