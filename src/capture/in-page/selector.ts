// How the in-page scripts name an element in the evidence: its CSS path, its box in document pixels and
// the words a person would call it by. JavaScript source, spliced into those scripts.

/** The CSS path: up to five steps, `tag:nth-of-type(n)`, ending at an ancestor with an id unique in the document. */
export const SELECTOR_FN = `(el) => {
    const parts = [];
    for (let e = el, i = 0; e && e.nodeType === 1 && i < 5; e = e.parentElement, i++) {
      if (e.id && /^[A-Za-z][\\w-]*$/.test(e.id) && document.querySelectorAll('#' + e.id).length === 1) { parts.unshift('#' + e.id); break; }
      let p = e.tagName.toLowerCase();
      const sib = e.parentElement ? [...e.parentElement.children].filter((c) => c.tagName === e.tagName) : [];
      if (sib.length > 1) p += ':nth-of-type(' + (sib.indexOf(e) + 1) + ')';
      parts.unshift(p);
    }
    return parts.join(' > ');
  }`;

/**
 * The element's box in document pixels (the report outlines it on the page's picture, whatever the page
 * had scrolled to); null for a box with no size.
 */
export const RECT_FN = `(el) => {
    const b = el && el.getBoundingClientRect ? el.getBoundingClientRect() : null;
    if (!b || (!b.width && !b.height)) return null;
    return { x: Math.round(b.left + scrollX), y: Math.round(b.top + scrollY), width: Math.round(b.width), height: Math.round(b.height) };
  }`;

/**
 * The words an element goes by, for the report: its aria-label, its text (rendered, else as written), its
 * title or alt, else the alt or label of an image inside it (a thumbnail link); whitespace folded, '' when none.
 */
export const NAME_FN = `(el) => {
    const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
    const own = squash(el.getAttribute('aria-label')) || squash(el.innerText) || squash(el.getAttribute('title')) || squash(el.getAttribute('alt'));
    if (own) return own;
    const img = el.querySelector('img[alt], [aria-label]');
    const pictured = img ? squash(img.getAttribute('alt') || img.getAttribute('aria-label')) : '';
    if (pictured) return pictured;
    // innerText is empty for text not rendered (a submenu's links read while it is hidden): its words then,
    // without what no one reads (scripts, styles, noscript fallbacks, templates).
    if (el.checkVisibility && el.checkVisibility({ visibilityProperty: true })) return '';
    let words = '';
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t && words.length < 200; t = walker.nextNode()) if (!t.parentElement || !t.parentElement.closest('script, style, noscript, template')) words += ' ' + t.data;
    return squash(words);
  }`;
