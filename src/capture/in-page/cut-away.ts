// Whether an ancestor that hides its overflow cuts an element away: a collapsed callout's links below its
// clipped height, a carousel's slides beyond its frame, a menu collapsed to max-height 0 whose focused
// link was scrolled to its edge. Less than 2 px showing through counts as cut away. JavaScript source,
// spliced into the in-page scripts that judge what a visitor can see or reach.

/** `(el) => boolean`: true when some ancestor below the body hides its overflow and less than 2 px of `el` shows through it. */
export const CUT_AWAY_FN = `(el) => {
    const r = el.getBoundingClientRect();
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      const hidesX = /hidden|clip/.test(cs.overflowX), hidesY = /hidden|clip/.test(cs.overflowY);
      if (!hidesX && !hidesY) continue;
      const b = a.getBoundingClientRect();
      if ((hidesY && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) < 2) || (hidesX && Math.min(r.right, b.right) - Math.max(r.left, b.left) < 2)) return true;
    }
    return false;
  }`;
