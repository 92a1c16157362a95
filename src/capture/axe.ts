// Runs axe-core's WCAG 2.x A/AA rules in a page. Injected with evaluate (works under a strict CSP
// and leaves the DOM alone); only violations are kept, with capped node lists and each node's box.
// The minified build is injected (650 KB, not the 1.5 MB axe.js): a fresh page compiles it on every
// injection, and the smaller text saves about a quarter of axe's cost per page (docs/benchmarks.md).
import { CUT_AWAY_FN } from './in-page/cut-away.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import type { AccessibilityRecord } from '../evidence/types.js';
import { within, withTimeout } from './time.js';
import { RECT_FN } from './in-page/selector.js';

const require = createRequire(import.meta.url);
const AXE_DIR = dirname(require.resolve('axe-core/package.json'));
const axe = {
  version: (JSON.parse(readFileSync(join(AXE_DIR, 'package.json'), 'utf8')) as { version: string }).version,
  source: readFileSync(join(AXE_DIR, 'axe.min.js'), 'utf8'),
};

/** The crawl's limit for one axe run (page-recorder.ts): ordinary pages finish in 0.2–4 s on a loaded machine. */
export const CRAWL_AXE_MS = 10_000;
/** The limit for the second run of a page alone (drivers/axe-alone.ts): axe took 5–9 s alone on a 4,500-element page on a loaded 2-core machine. */
export const ALONE_AXE_MS = 20_000;
export const AXE_ENGINE = `axe-core ${axe.version}`;

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/**
 * Rules run beside the WCAG tags: `aria-dialog-name` is filed by axe under best-practice, but WAI-ARIA 1.2
 * makes a name required for a dialog (checks/a11y/aria_dialog_name.ts). It looks only at shown dialogs.
 */
export const AXE_EXTRA_RULES = ['aria-dialog-name'];
const MAX_NODES = 25;

/**
 * axe's UMD wrapper hands itself to an AMD `define` or CommonJS `module` when the page has one
 * (some pages even define a throwing `define`); shadowing those names keeps axe on `window.axe`.
 */
const INJECT_SCRIPT = `(function (define, module, exports, require) {\n${axe.source}\n}).call(window);`;

// preload: false — axe would otherwise fetch every stylesheet again with XHR (for css-orientation-lock's
// CSSOM), requests the page never made that the evidence would count as its own (page weight, refused
// hosts). Without it that one rule reads only the sheets the page exposes.
const runScript = (context: string) => `(async () => {
  const r = await axe.run(${context}, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, rules: ${JSON.stringify(Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }])))}, resultTypes: ['violations'], elementRef: true, preload: false });
  // The element's box in document pixels, so the report can outline it on the page's picture.
  const rectOf = ${RECT_FN};
  // What the browser paints under a text at the top of the page, topmost first: an image, a gradient or a
  // video before any solid background means the text's background cannot be known from colours. axe
  // marks such text incomplete, but it scrolls while it measures: a fixed, transparent header over a hero
  // gradient is then measured against whatever content had scrolled under it (the page's white, 1.05:1).
  // Such nodes are set aside as axe's own policy wants for backgrounds it cannot know.
  const overImage = (el) => {
    const box = el && el.getClientRects ? el.getClientRects()[0] : null;
    if (!box || !box.width || !box.height) return false;
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    for (const under of document.elementsFromPoint(x, y)) {
      const tag = under.tagName;
      if (tag === 'IMG' || tag === 'VIDEO' || tag === 'CANVAS' || tag === 'PICTURE') return true;
      const cs = getComputedStyle(under);
      if (cs.backgroundImage && cs.backgroundImage !== 'none') return true;
      const bg = cs.backgroundColor;
      if (bg && bg !== 'transparent' && !bg.endsWith(', 0)')) return false;
    }
    return false;
  };
  const fixedAncestor = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) if (/^(fixed|sticky)$/.test(getComputedStyle(e).position)) return true;
    return false;
  };
  // A scroll box nobody can see or scroll: no visible area, or hidden by an ancestor's opacity or
  // visibility (MkDocs Material's closed search results: max-height 0 inside an opacity-0 panel). axe
  // counts it because its content overflows.
  const noScrollArea = (el) => {
    if (!el || !el.clientWidth || !el.clientHeight) return true;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.opacity === '0' || cs.visibility === 'hidden') return true;
    }
    return false;
  };
  const pending = (el) => el.matches(':not(:defined)') && !el.shadowRoot && !el.firstElementChild && !(el.textContent || '').trim();
  // A control shown as inactive (WCAG 1.4.3 exempts "text that is part of an inactive user interface
  // component"): axe exempts disabled form controls, not a link styled and switched off as one (a
  // pagination's "previous" on the first page: class "disabled", pointer-events: none).
  const inactive = (el) => {
    const c = el && el.closest && el.closest('a, button, [role=button], [role=link]');
    if (!c) return false;
    if (c.getAttribute('aria-disabled') === 'true') return true;
    return /(^|[\s_-])disabled($|[\s_-])/i.test(c.getAttribute('class') || '') && getComputedStyle(c).pointerEvents === 'none';
  };
  // A target cut off by an ancestor that hides its overflow (a collapsed callout's links below its clipped
  // height, a carousel's slides beyond its frame): no pointer can reach it, so its size is moot.
  const cutAway = ${CUT_AWAY_FN};
  const clippedAway = (el) => {
    const r = el && el.getBoundingClientRect ? el.getBoundingClientRect() : null;
    return !r || !r.width || !r.height || cutAway(el);
  };
  // A list whose items carry a DPUB role that is a kind of list item (doc-biblioentry, doc-endnote: Sphinx
  // and docutils write every bibliography as <div role="list"><div role="doc-biblioentry">): browsers
  // expose them as list items, but axe's required-children reading skips doc-* roles and looks inside them,
  // finding their links. Set aside when every element child is such an item (their deprecation is
  // aria-deprecated-role's to say).
  const DPUB_ITEM = /^(doc-biblioentry|doc-endnote)$/;
  const dpubItems = (el) => {
    if (!el || (el.getAttribute('role') || '').trim().toLowerCase() !== 'list') return false;
    const kids = [...el.children].filter((c) => !/^(SCRIPT|TEMPLATE|STYLE)$/.test(c.tagName));
    return kids.length > 0 && kids.every((c) => DPUB_ITEM.test((c.getAttribute('role') || '').trim().toLowerCase()));
  };
  // Nodes set aside, by rule: what axe reported there cannot be what a visitor meets.
  const SET_ASIDE = { 'color-contrast': (el) => (fixedAncestor(el) && overImage(el)) || inactive(el), 'scrollable-region-focusable': noScrollArea, 'target-size': clippedAway, 'aria-required-children': dpubItems };
  const setAside = {};
  const violations = r.violations.map((v) => {
    const aside = SET_ASIDE[v.id];
    if (!aside) return v;
    const nodes = v.nodes.filter((n) => !aside(n.element));
    if (nodes.length < v.nodes.length) setAside[v.id] = v.nodes.length - nodes.length;
    return { ...v, nodes };
  });
  return {
    passes: r.passes.length,
    incomplete: r.incomplete.length,
    ...(Object.keys(setAside).length ? { set_aside: setAside } : {}),
    violations: violations.filter((v) => v.nodes.length > 0).map((v) => ({
      id: v.id, impact: v.impact || null, help: v.help, help_url: v.helpUrl, tags: v.tags,
      total: v.nodes.length,
      nodes: v.nodes.slice(0, ${MAX_NODES}).map((n) => ({
        target: n.target.map((t) => Array.isArray(t) ? t.join(' >>> ') : t).join(' '),
        html: (n.html || '').slice(0, 300),
        summary: (n.failureSummary || '').slice(0, 500),
        rect: rectOf(n.element),
        // A custom element (ion-icon) not defined when axe ran and still empty: its script had not run, so its
        // name or role may be missing only here. A framework's component tag (Angular's <app-icon>, never
        // registered as a custom element) holds what it rendered: not waiting for anything.
        ...(n.element && [n.element, ...n.element.querySelectorAll(':not(:defined)')].some(pending) ? { undefined_element: true } : {}),
      })),
    })),
  };
})()`;

/**
 * Entrance animations still running (a section fading in as it scrolls into view: WOW.js, AOS,
 * animate.css) are finished first: axe would measure a heading's colour half-faded (2.7:1 for a 3.1:1
 * grey) in one run and not in the next. Only finite animations and transitions; a looping one stays.
 */
export const FINISH_ANIMATIONS_SCRIPT = `(() => {
  let finished = 0;
  for (const a of document.getAnimations ? document.getAnimations() : []) {
    try {
      const t = a.effect && a.effect.getComputedTiming();
      if (a.playState === 'running' && t && Number.isFinite(t.endTime)) { a.finish(); finished++; }
    } catch (e) {}
  }
  return finished;
})()`;

/** How long a script's fade may take to settle before axe reads the page anyway. */
export const SCRIPTED_FADE_MS = 2500;

/**
 * Fades a script drives frame by frame (jQuery's fadeIn, Velocity, GSAP write an inline `opacity` on
 * every frame) are not Web Animations, so they cannot be finished: a theme fading its post bodies in
 * (Hexo NexT's `.use-motion`) was measured at #dedede in one run and #efefef in the next for one #555
 * title. The wait starts when an element's inline opacity is between 0 and 1 (a fade running), or when a
 * script has written inline opacities and content in the first screen is still transparent by the
 * stylesheet (a sequence between two of its fades: NexT hides its blocks with `.use-motion .post-block
 * { opacity: 0 }` and fades them in one after another). The page's opacities are then looked at every 80 ms
 * until four looks in a row see no change (done, or a deliberately translucent element), or SCRIPTED_FADE_MS
 * passes. Pages with neither pay one look. Returns how long it waited.
 */
export const SETTLE_SCRIPTED_FADES_SCRIPT = `(async () => {
  const started = performance.now();
  // Inline opacities below 1, in document order, zeros too (the next block of a sequence waits at 0).
  const inline = () => {
    let partial = false;
    const out = [];
    for (const el of document.querySelectorAll('[style*="opacity"]')) {
      const o = parseFloat(el.style.opacity);
      if (!(o >= 0 && o < 1)) continue;
      if (o > 0) partial = true;
      out.push(o);
      if (out.length > 300) break;
    }
    return { partial, any: document.querySelector('[style*="opacity"]') !== null, key: out.join(',') };
  };
  // Content in the first screen, in the flow, transparent by its computed style while its parent shows.
  const waiting = () => {
    const out = [];
    let looked = 0;
    for (const el of document.body ? document.body.querySelectorAll('*') : []) {
      if (++looked > 1500 || out.length > 50) break;
      const b = el.getBoundingClientRect();
      if (b.top >= innerHeight || b.bottom <= 0 || b.width * b.height < 400) continue;
      const cs = getComputedStyle(el);
      if (parseFloat(cs.opacity) >= 1 || cs.position === 'fixed' || cs.position === 'absolute' || cs.display === 'none') continue;
      if (!(el.textContent || '').trim()) continue;
      const parent = el.parentElement;
      if (parent && parseFloat(getComputedStyle(parent).opacity) < 1) continue;
      out.push(cs.opacity);
    }
    return out.join(',');
  };
  // The first look reads the first screen's computed opacities only where a script writes inline ones: a
  // page without any pays one selector query, not a style read of its elements.
  const first = inline();
  if (!first.any) return 0;
  const held = waiting();
  if (!first.partial && held === '') return 0;
  const look = () => ({ key: inline().key + '|' + waiting() });
  let seen = { key: first.key + '|' + held };
  // Settled when nothing moved for 320 ms: longer than a sequence's pause between two fades.
  let still = 0;
  while (performance.now() - started < ${SCRIPTED_FADE_MS} && still < 4) {
    await new Promise((r) => setTimeout(r, 80));
    const now = look();
    still = now.key === seen.key ? still + 1 : 0;
    seen = now;
  }
  return Math.round(performance.now() - started);
})()`;

/**
 * axe on the page (`scope: 'document'`), or only on the elements a click just showed (`'revealed'`:
 * `window.__siteqaRevealed`, in-page/revealed.ts; page-level rules such as the title's then do not run).
 */
export async function runAxe(page: Page, ms: number, scope: 'document' | 'revealed' = 'document'): Promise<AccessibilityRecord> {
  const engine = AXE_ENGINE;
  try {
    const started = Date.now();
    await within(page.evaluate(FINISH_ANIMATIONS_SCRIPT), Math.min(1000, ms), 0);
    await within(page.evaluate(SETTLE_SCRIPTED_FADES_SCRIPT), Math.min(SCRIPTED_FADE_MS + 500, ms / 4), 0);
    await withTimeout(page.evaluate(INJECT_SCRIPT), ms - (Date.now() - started), 'axe injection');
    const r = (await withTimeout(page.evaluate(runScript(scope === 'document' ? 'document' : '{ include: window.__siteqaRevealed }')), ms - (Date.now() - started), 'axe run')) as {
      passes: number; incomplete: number; violations: AccessibilityRecord['violations']; set_aside?: Record<string, number>;
    };
    return { engine, violations: r.violations, passes: r.passes, incomplete: r.incomplete, ...(r.set_aside ? { set_aside: r.set_aside } : {}), error: null };
  } catch (err) {
    return { engine, violations: [], passes: 0, incomplete: 0, error: (err as Error).message.split('\n')[0]!.slice(0, 300) };
  }
}
