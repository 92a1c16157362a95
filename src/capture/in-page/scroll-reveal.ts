// Content a page keeps hidden until it is scrolled into view (AOS, WOW.js, ScrollReveal, a template's
// `.ftco-animate { opacity: 0; visibility: hidden }` revealed by Waypoints): axe skips hidden content, so a
// low-contrast button in such a section was never measured. When such content waits below the fold, the
// page is scrolled through once before axe runs, as a visitor reading it would, and the reveal animations
// are then finished (axe.ts). JavaScript source, evaluated in the page.

/** The most time the scroll through the page may take. */
export const REVEAL_SCROLL_MS = 1500;

/**
 * How many elements wait hidden below the fold: in the flow (not fixed or absolute: a dropdown, a modal),
 * transparent or visibility:hidden while their parent is shown, with some size and some content. At most
 * 2,500 elements are looked at.
 */
export const WAITING_REVEAL_SCRIPT = `(() => {
  const vh = innerHeight;
  let looked = 0, waiting = 0;
  for (const el of document.body ? document.body.querySelectorAll('*') : []) {
    if (++looked > 2500) break;
    // Place first (the layout is clean after load): the first screen and empty boxes need no style read.
    const b = el.getBoundingClientRect();
    if (b.top + 1 < vh || b.width * b.height < 400) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'hidden' && cs.opacity !== '0') continue;
    if (cs.display === 'none' || cs.position === 'fixed' || cs.position === 'absolute') continue;
    const parent = el.parentElement;
    if (!parent || (parent.checkVisibility && !parent.checkVisibility({ visibilityProperty: true, opacityProperty: true }))) continue;
    if (!(el.textContent || '').trim() && !el.querySelector('img, svg, a, button, input')) continue;
    if (++waiting >= 3) break;
  }
  return waiting;
})()`;

/** Scrolls down through the page a screen at a time (a frame and 60 ms each, at most 14 steps), ending at the bottom; instantly, whatever the page's `scroll-behavior: smooth` (Bootstrap 5 sets it on :root). */
export const REVEAL_BY_SCROLL_SCRIPT = `(async () => {
  const started = performance.now();
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 60)));
  const height = Math.max(document.documentElement.scrollHeight, document.body ? document.body.scrollHeight : 0);
  const step = Math.max(200, Math.round(innerHeight * 0.8));
  for (let y = step, n = 0; y < height + step && n < 14 && performance.now() - started < ${REVEAL_SCROLL_MS}; y += step, n++) {
    scrollTo({ top: y, left: 0, behavior: 'instant' });
    await frame();
  }
  return Math.round(performance.now() - started);
})()`;
