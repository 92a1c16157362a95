// In the page, at the narrow width: does the document scroll sideways, and which elements make it?
// Plain JS text on purpose (see scripts.test.ts).
import { SELECTOR_FN } from './selector.js';

/**
 * An element "sticks out" when its box passes the viewport's right edge; a cause is one that sticks out
 * while its parent does not, or one whose own text runs past the edge (a line that does not wrap). Fixed elements (off-canvas drawers) and elements inside a box that clips or
 * scrolls sideways add nothing to the page's own scrolling and are left aside.
 */
export const READ_REFLOW_SCRIPT = `(() => {
  const root = document.documentElement;
  const scroller = document.scrollingElement || root;
  const vw = root.clientWidth;
  const clips = (el) => { const o = getComputedStyle(el).overflowX; return o === 'hidden' || o === 'clip'; };
  const clipped = clips(root) || (document.body ? clips(document.body) : false);
  const TWO_D = /^(TABLE|PRE|CODE|CANVAS|SVG|IFRAME|VIDEO|IMG|PICTURE|MAP|OBJECT|EMBED|MATH|AUDIO)$/i;
  const sel = ${SELECTOR_FN};
  const sticksOut = new Map();
  const out = (el) => {
    if (sticksOut.has(el)) return sticksOut.get(el);
    const r = el.getBoundingClientRect();
    const v = r.width > 0 && r.height > 0 && r.right > vw + 1;
    sticksOut.set(el, v);
    return v;
  };
  const ownText = (el) => { for (const n of el.childNodes) if (n.nodeType === 3 && n.nodeValue.trim()) return true; return false; };
  const textOut = (el) => ownText(el) && el.getBoundingClientRect().left + el.scrollWidth > vw + 1;
  // Inside a box that clips or scrolls sideways, or out of the flow as fixed: not the page's scrolling.
  const contained = (el) => {
    for (let e = el; e && e !== root && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.position === 'fixed') return true;
      if (e !== el && cs.overflowX !== 'visible') return true;
    }
    return false;
  };
  const culprits = [];
  const els = new Map();
  // Text that runs past the edge, in an element that does not clip it itself (an ellipsis is a choice):
  // on a page that hides sideways overflow, that text is cut off, out of reach.
  const textCut = (el) => {
    // Not shown yet (an entrance animation waiting at opacity 0, shifted sideways): nothing is cut off.
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    for (let e = el; e && e !== document.body; e = e.parentElement) if (getComputedStyle(e).transform !== 'none') return false;
    if (getComputedStyle(el).overflowX !== 'visible') return false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let k = 0;
    for (let n = walker.nextNode(); n && k < 400; n = walker.nextNode(), k++) {
      if (!n.nodeValue.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0 && r.right > vw + 1) return true;
    }
    return false;
  };
  if (scroller.scrollWidth > vw + 1) {
    const all = document.body ? document.body.getElementsByTagName('*') : [];
    for (let i = 0; i < all.length && i < 6000; i++) {
      const el = all[i];
      // Its box passes the edge while its parent's does not, or its own text runs past the edge (a line
      // that does not wrap overflows its box, not moving the box).
      const boxOut = out(el) && !(el.parentElement && el.parentElement !== document.body && out(el.parentElement));
      if (!boxOut && !(!out(el) && textOut(el))) continue;
      if (contained(el)) continue;
      const r = el.getBoundingClientRect();
      const right = Math.max(r.right, r.left + el.scrollWidth);
      const twoD = TWO_D.test(el.tagName) || !!el.closest('table, pre, svg, figure > img, picture');
      const c = { selector: sel(el), tag: el.tagName.toLowerCase(), right: Math.round(right), width: Math.round(right - r.left), text: (el.innerText || el.getAttribute('aria-label') || el.getAttribute('alt') || '').replace(/\\s+/g, ' ').trim().slice(0, 80), two_dimensional: twoD };
      els.set(c, el);
      culprits.push(c);
    }
    culprits.sort((a, b) => b.right - a.right);
  }
  const kept = culprits.slice(0, 8);
  if (clipped) for (const c of kept) c.text_cut = textCut(els.get(c));
  return { viewport_width: vw, content_width: scroller.scrollWidth, clipped, culprits: kept };
})()`;
