// Elements the page marks `hidden` that are nonetheless rendered: a stylesheet's `display: flex` (a
// lightbox's `.lightbox { display: flex }`, a utility class) outranks the browser's `[hidden] { display:
// none }`, so what the page's script believes closed is open — an overlay over the whole page whose close
// button sets `hidden` again, to no effect. Outermost such elements only; `hidden="until-found"` (shown by
// find-in-page by design) and elements a visitor cannot see (transparent, off the page) left out.
// JavaScript source, spliced into the DOM facts script.
import { NAME_FN, RECT_FN, SELECTOR_FN } from './selector.js';

/** Elements kept at most per page. */
export const HIDDEN_SHOWN_CAP = 10;

export const HIDDEN_SHOWN_FN = `() => {
    const sel = ${SELECTOR_FN};
    const rectOf = ${RECT_FN};
    const nameOf = ${NAME_FN};
    const vw = innerWidth, vh = innerHeight;
    const width = Math.max(document.documentElement.scrollWidth, vw);
    const out = [], listed = [];
    for (const el of document.querySelectorAll('[hidden]')) {
      if (out.length >= ${HIDDEN_SHOWN_CAP}) break;
      if ((el.getAttribute('hidden') || '').trim().toLowerCase() === 'until-found') continue;
      if (listed.some((outer) => outer.contains(el))) continue;
      if (!el.checkVisibility || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const b = el.getBoundingClientRect();
      if (b.width * b.height < 100 || b.right + scrollX <= 0 || b.left + scrollX >= width || b.bottom + scrollY <= 0) continue;
      const cs = getComputedStyle(el);
      // The share of the viewport it covers, as an overlay (fixed or absolute: laid over the page, not in its
      // flow); a section in the flow pushes the page down instead, and covers nothing.
      const over = cs.position === 'fixed' || cs.position === 'absolute';
      const w = over ? Math.max(0, Math.min(b.right, vw) - Math.max(b.left, 0)) : 0;
      const h = over ? Math.max(0, Math.min(b.bottom, vh) - Math.max(b.top, 0)) : 0;
      listed.push(el);
      out.push({ selector: sel(el), tag: el.tagName.toLowerCase(), text: nameOf(el).slice(0, 80), rect: rectOf(el), display: cs.display, position: cs.position, covers: Math.round((w * h) / (vw * vh) * 100) / 100 });
    }
    return out;
  }`;
