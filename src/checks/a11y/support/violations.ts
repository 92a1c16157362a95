// Aggregates axe-core violations over the audited pages: one entry per rule, listing per page the
// affected elements (capped), so a template problem seen on ten pages stays one finding.
import { withoutAnchor } from '../../../evidence/url-identity.js';
import type { AxeViolation, ElementRect, EvidenceBundle, PageEvidence, PageShot } from '../../../evidence/types.js';
import type { EvidenceViews } from '../../../evidence/views.js';
import { worseImpact, type AxeImpact } from './wcag.js';
import { refusedByAudit } from '../../http/support/outcome.js';
import { matchScript } from '../../../evidence/vendors.js';
import { widgetOf } from './widget-stylesheets.js';

export const MAX_PAGES = 20;
export const MAX_NODES_PER_PAGE = 5;

/**
 * Pages of the site that answered 2xx and where axe ran without error, once per final URL. A link
 * that redirected to another site (a shop, a login provider) is not the site's page to judge.
 */
export function auditedPages(evidence: EvidenceBundle, views: EvidenceViews): PageEvidence[] {
  const seen = new Set<string>();
  const out: PageEvidence[] = [];
  for (const page of evidence.pages) {
    if (page.status === null || page.status < 200 || page.status > 299) continue;
    if (!page.accessibility || page.accessibility.error || !views.isFirstParty(page.final_url)) continue;
    // A hash-routed app's "/" showing its first route ("/#/about") is that route's page.
    const key = withoutAnchor(page.shown_at ?? page.final_url);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(page);
  }
  return out;
}

export interface PageOccurrence {
  url: string;
  elements: number;
  /** `picture`: the page picture `rect` is on, when not the page's own (the start page at a phone's width). */
  nodes: { target: string; html: string; summary: string; rect?: ElementRect; picture?: PageShot }[];
}

export interface RuleAggregate {
  rule: string;
  impact: AxeImpact | null;
  help: string;
  help_url: string;
  tags: string[];
  elements: number;
  /** Every affected page, most affected elements first (ties keep crawl order). */
  pages: PageOccurrence[];
  /**
   * A rule that judges how the page looks (LAYOUT_RULES) on pages laid out without stylesheets the audit
   * could not load: those pages, not counted above. `only_unstyled`: the rule failed nowhere else.
   */
  unstyled?: { pages: string[]; elements: number; only: boolean; because: Unverified[] };
}

/**
 * Rules whose verdict depends on the page's styles: colours, sizes and spacing computed from its
 * stylesheets, what overflows and scrolls, what `display: none` takes out of the keyboard's way (a menu in
 * `aria-hidden` hidden by a utility class). On a page laid out without one of its stylesheets they
 * describe a page no visitor sees.
 */
export const LAYOUT_RULES = new Set(['color-contrast', 'color-contrast-enhanced', 'target-size', 'link-in-text-block', 'scrollable-region-focusable', 'aria-hidden-focus']);

/**
 * Scripts that write the page's stylesheet in the browser: Tailwind's Play CDN, Twind, UnoCSS's runtime.
 * Refused, the page is laid out without its styles, as if a stylesheet had been.
 */
const STYLE_WRITING_SCRIPT = /^https?:\/\/(?:cdn\.tailwindcss\.com\/|cdn\.twind\.style\/|[^/]+\/(?:npm\/)?@unocss\/runtime)/i;

/** Why a rule's elements were set aside: stylesheets, or scripts defining custom elements, the audit could not load. */
export type Unverified = 'stylesheets' | 'scripts';

/** Pages (final URL) missing a part the audit itself could not load, by kind of part. */
export interface RefusedParts {
  /** A stylesheet (not a font's): the page was laid out without it. */
  unstyled: ReadonlySet<string>;
  /** A script: a custom element it defines (`<ion-icon>` from a CDN) had no name or role here. */
  unscripted: ReadonlySet<string>;
  /**
   * Pages whose only refused stylesheets style a widget of their own (widget-stylesheets.ts), with what
   * that widget's elements carry: only those elements were laid out without their styles.
   */
  widgetUnstyled: ReadonlyMap<string, RegExp[]>;
}

const refusedByViews = new WeakMap<EvidenceViews, RefusedParts>();

/**
 * Pages one of whose stylesheets or scripts the audit itself could not load: refused by its URL guard
 * (allowlist-only, a local copy naming production) or not reached from a machine without internet access.
 * Every axe-backed check asks (some forty per run, sharing one views object): the requests are read once.
 * (Evidence handed without its requests part says nothing here.)
 */
export function refusedParts(evidence: EvidenceBundle, views: EvidenceViews): RefusedParts {
  const known = refusedByViews.get(views);
  if (known) return known;
  const unstyled = new Set<string>();
  const unscripted = new Set<string>();
  const widgetUnstyled = new Map<string, RegExp[]>();
  for (const page of views.loadedPages) {
    for (const r of page.requests ?? []) {
      if (r.is_navigation || (r.resource_type !== 'stylesheet' && r.resource_type !== 'script')) continue;
      if (r.resource_type === 'stylesheet' && isFontStylesheet(r.url)) continue;
      if (!refusedByAudit(r, page, evidence.blocked, views.offline)) continue;
      // A measurement tag's loader (gtag.js, a pixel) draws nothing and defines no element.
      if (r.resource_type === 'script' && matchScript(r.url)) continue;
      const widget = r.resource_type === 'stylesheet' ? widgetOf(r.url) : null;
      if (widget) widgetUnstyled.set(page.final_url, [...(widgetUnstyled.get(page.final_url) ?? []), widget]);
      else (r.resource_type === 'script' ? unscripted : unstyled).add(page.final_url);
      if (r.resource_type === 'script' && STYLE_WRITING_SCRIPT.test(r.url)) unstyled.add(page.final_url);
    }
  }
  for (const url of unstyled) widgetUnstyled.delete(url);
  const parts = { unstyled, unscripted, widgetUnstyled };
  refusedByViews.set(views, parts);
  return parts;
}

/**
 * A stylesheet that only declares web fonts or an icon font (Google Fonts, Adobe Fonts, Bunny Fonts, Font
 * Awesome): without it text falls back to another font, its colours and the page's layout stay.
 */
export function isFontStylesheet(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (/^(?:fonts\.googleapis\.com|use\.typekit\.net|p\.typekit\.net|fonts\.bunny\.net|api\.fontshare\.com|use\.fontawesome\.com|kit\.fontawesome\.com|fonts\.cdnfonts\.com)$/i.test(u.hostname)) return true;
  return /(?:^|\/)(?:font-?awesome|fontawesome|fonts?|webfonts?|icons?|material-icons|bootstrap-icons|remixicon|ionicons|line-awesome|academicons|devicons?|simple-line-icons|themify-icons|typicons|weather-icons|flag-icons)(?:[-._/][^/]*)?\.css$|\/(?:font-?awesome|fontawesome|bootstrap-icons|academicons|devicons?)[^/]*\//i.test(u.pathname);
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function occurrence(url: string, v: AxeViolation, picture?: PageShot | null): PageOccurrence {
  return {
    url,
    // `total` counts every affected element; `nodes` holds only the first few capture kept.
    elements: Math.max(v.total ?? 0, v.nodes.length),
    nodes: v.nodes.slice(0, MAX_NODES_PER_PAGE).map((n) => ({
      target: n.target,
      html: clip(n.html, 160),
      summary: clip(n.summary, 300),
      // Where it is on the page, for the report's outline over the page picture (newer bundles).
      ...(n.rect ? { rect: n.rect } : {}),
      ...(n.rect && picture ? { picture } : {}),
    })),
  };
}

/** The audited page at `url` (its address, where it ended, or the route its app showed). */
function auditedAt(audited: readonly PageEvidence[], url: string): PageEvidence | undefined {
  const key = withoutAnchor(url);
  return audited.find((p) => [p.final_url, p.url, p.shown_at].some((u) => u !== undefined && withoutAnchor(u) === key));
}

/**
 * `v`, reported in another state of `page` (at a phone's width, after a click), cut to the elements the
 * page's own axe run did not report for that rule and not in `counted` (already taken from an earlier
 * state; the ones kept are added), each summary saying where it failed; null when none is left.
 */
function beyondPage(page: PageEvidence | undefined, v: AxeViolation, where: string, counted?: Set<string>): AxeViolation | null {
  const own = (page?.accessibility?.violations ?? []).filter((d) => d.id === v.id);
  const onPage = new Set(own.flatMap((d) => d.nodes.map((n) => n.target)));
  const key = (target: string) => `${page?.final_url} ${v.id} ${target}`;
  const nodes = v.nodes.filter((n) => !onPage.has(n.target) && !counted?.has(key(n.target)));
  if (!nodes.length) return null;
  for (const n of nodes) counted?.add(key(n.target));
  // Beyond the listed nodes the two runs' elements cannot be told apart: the page's own may all be among
  // this state's unlisted ones (the 4 scrolling code blocks at 1280 px are among the 142 at 320 px), so
  // only what is certain is counted: at least the distinct listed nodes, at least this run's total
  // beyond the page's own.
  const total = v.total ?? v.nodes.length;
  const ownTotal = own.reduce((n, d) => n + (d.total ?? d.nodes.length), 0);
  return {
    ...v,
    total: total > v.nodes.length ? Math.max(nodes.length, total - ownTotal) : nodes.length,
    nodes: nodes.map((n) => ({ ...n, summary: `${where}: ${n.summary}` })),
  };
}

/** Nodes failing only at the phone width that are listed beside a page's own (the count covers all). */
const MAX_MOBILE_NODES = 3;

/**
 * Violations axe reported on the start page at a phone's width (site.mobile_view), cut to the elements
 * that did not fail the same rule on that page at the desktop width; keyed by the page's URL. Their
 * boxes are on the phone-width picture, which the aggregate names beside them.
 */
export function mobileOnly(evidence: EvidenceBundle, views: EvidenceViews, accept: (v: AxeViolation) => boolean, audited: readonly PageEvidence[] = auditedPages(evidence, views)): { url: string; v: AxeViolation }[] {
  const view = evidence.site?.mobile_view;
  if (!view?.accessibility || view.accessibility.error || !views.isFirstParty(view.final_url)) return [];
  const page = auditedAt(audited, view.final_url);
  const url = page?.final_url ?? view.final_url;
  const width = view.viewport.width;
  const out: { url: string; v: AxeViolation }[] = [];
  for (const v of view.accessibility.violations.filter(accept)) {
    const cut = beyondPage(page, v, `At ${width} px wide`);
    if (cut) out.push({ url, v: cut });
  }
  return out;
}

/** Nodes failing only in content a click showed, listed beside a page's own, per state (the count covers all). */
const MAX_REVEALED_NODES = 3;

/**
 * Violations axe reported in content a click showed on an audited page (site.revealed_states: a tab
 * panel, a modal), cut to the elements the page's own run did not report for that rule and not already
 * counted from an earlier click; keyed by the page's URL, each with the picture taken after its click.
 */
export function revealedOnly(evidence: EvidenceBundle, views: EvidenceViews, accept: (v: AxeViolation) => boolean, audited: readonly PageEvidence[] = auditedPages(evidence, views)): { url: string; v: AxeViolation; picture: PageShot | null }[] {
  const out: { url: string; v: AxeViolation; picture: PageShot | null }[] = [];
  const counted = new Set<string>();
  for (const state of evidence.site?.revealed_states ?? []) {
    if (!state.accessibility || state.accessibility.error) continue;
    const page = auditedAt(audited, state.url);
    if (!page) continue;
    for (const v of state.accessibility.violations.filter(accept)) {
      const cut = beyondPage(page, v, `After clicking “${state.clicked}”`, counted);
      if (cut) out.push({ url: page.final_url, picture: state.screenshot ?? null, v: cut });
    }
  }
  return out;
}

/** Violations accepted by `accept`, grouped by rule id in first-seen order. */
export function aggregateViolations(
  evidence: EvidenceBundle,
  views: EvidenceViews,
  accept: (v: AxeViolation) => boolean,
  /** Extra violations verified another way (e.g. from the DOM snapshot), used when axe reported none of that rule. */
  supplement?: (page: PageEvidence) => AxeViolation[],
): RuleAggregate[] {
  const rules = new Map<string, RuleAggregate>();
  const unverified = new Map<string, RuleAggregate>();
  const because = new Map<string, Set<Unverified>>();
  const { unstyled, unscripted, widgetUnstyled } = refusedParts(evidence, views);
  const audited = auditedPages(evidence, views);
  const add = (into: Map<string, RuleAggregate>, url: string, v: AxeViolation, picture?: PageShot | null, extraNodes = Infinity) => {
    const occ = occurrence(url, v, picture);
    const agg = into.get(v.id);
    if (!agg) {
      into.set(v.id, { rule: v.id, impact: v.impact, help: v.help, help_url: v.help_url, tags: [...v.tags], elements: occ.elements, pages: [occ] });
      return;
    }
    agg.impact = worseImpact(agg.impact, v.impact);
    agg.elements += occ.elements;
    const same = agg.pages.find((p) => p.url === occ.url);
    if (!same) agg.pages.push(occ);
    else {
      same.elements += occ.elements;
      if (extraNodes > 0) same.nodes.push(...occ.nodes.slice(0, extraNodes));
    }
  };
  const setAside = (v: AxeViolation, why: Unverified) => {
    const set = because.get(v.id) ?? new Set<Unverified>();
    set.add(why);
    because.set(v.id, set);
  };
  /**
   * Sets aside the nodes `out` picks (what the audit itself could not load explains them, `why`) and gives
   * back the rest to judge, or null when none is left. Beyond the listed nodes, the share set aside is
   * taken to be what it is among them.
   */
  const apart = (url: string, v: AxeViolation, out: (n: AxeViolation['nodes'][number]) => boolean, why: Unverified, picture?: PageShot | null, extraNodes?: number): AxeViolation | null => {
    const aside = v.nodes.filter(out);
    if (!aside.length) return v;
    setAside(v, why);
    add(unverified, url, { ...v, nodes: aside, total: aside.length }, picture, extraNodes);
    const rest = v.nodes.filter((n) => !out(n));
    if (!rest.length) return null;
    const total = v.total ?? v.nodes.length;
    return { ...v, nodes: rest, total: Math.max(rest.length, Math.round((total * rest.length) / v.nodes.length)) };
  };
  /** Counts a page's violation, setting aside what the audit's own refusals explain. */
  const judge = (url: string, v: AxeViolation, picture?: PageShot | null, extraNodes?: number) => {
    if (LAYOUT_RULES.has(v.id) && unstyled.has(url)) {
      setAside(v, 'stylesheets');
      return add(unverified, url, v, picture, extraNodes);
    }
    // Only the widget whose stylesheet was refused was laid out without it: its own elements are set aside.
    const widgets = LAYOUT_RULES.has(v.id) ? widgetUnstyled.get(url) : undefined;
    const styled = widgets ? apart(url, v, (n) => widgets.some((w) => w.test(n.target) || w.test(n.html)), 'stylesheets', picture, extraNodes) : v;
    // Custom elements a refused script defines had no name or role here.
    const judged = styled && unscripted.has(url) ? apart(url, styled, (n) => n.undefined_element === true, 'scripts', picture, extraNodes) : styled;
    if (judged) add(rules, url, judged, picture, extraNodes);
  };
  for (const page of audited) {
    const reported = page.accessibility!.violations.filter(accept);
    const extra = (supplement?.(page) ?? []).filter((x) => accept(x) && !reported.some((v) => v.id === x.id));
    for (const v of [...reported, ...extra]) judge(page.final_url, v, null, 0);
  }
  // The start page at a phone's width: elements failing only there (the menu button shown only on
  // phones, its targets) join that page's occurrence; those failing at both widths count once.
  const narrowPicture = evidence.site?.mobile_view?.screenshot ?? null;
  for (const { url, v } of mobileOnly(evidence, views, accept, audited)) judge(url, v, narrowPicture, MAX_MOBILE_NODES);
  // Content a click showed (a tab panel, a modal): hidden when the page's own axe run went over it.
  for (const { url, v, picture } of revealedOnly(evidence, views, accept, audited)) judge(url, v, picture, MAX_REVEALED_NODES);
  for (const [rule, set] of unverified) {
    const counted = rules.get(rule);
    const why = [...(because.get(rule) ?? [])].sort();
    if (counted) counted.unstyled = { pages: set.pages.map((p) => p.url), elements: set.elements, only: false, because: why };
    else rules.set(rule, { ...set, unstyled: { pages: set.pages.map((p) => p.url), elements: set.elements, only: true, because: why } });
  }
  for (const agg of rules.values()) {
    const order = new Map(agg.pages.map((p, i) => [p.url, i]));
    agg.pages.sort((a, b) => b.elements - a.elements || order.get(a.url)! - order.get(b.url)!);
  }
  return [...rules.values()];
}
