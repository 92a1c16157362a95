// Elements a page's markup gives a click handler of their own (`<h3 onclick="toggle(this)">`,
// `<li onclick>`, `<a onclick>` without href) that look clickable (pointer cursor) but that no keyboard
// reaches: not focusable, nothing focusable inside, not inside a link, button or label. The markup says
// what the start page's keyboard walk learns from listeners, so every crawled page is read for it.
// JavaScript source, spliced into the DOM facts script.
import { CAROUSEL_COPY_FN } from './carousel-copy.js';
import { FOCUSABLE } from './focus-walk.js';
import { NAME_FN, RECT_FN, SELECTOR_FN } from './selector.js';

/** Elements kept at most per page. */
export const INLINE_CLICK_CAP = 25;

export const INLINE_CLICK_ONLY_FN = `() => {
    const sel = ${SELECTOR_FN};
    const rectOf = ${RECT_FN};
    const nameOf = ${NAME_FN};
    const carouselCopy = ${CAROUSEL_COPY_FN};
    const FOCUSABLE = '${FOCUSABLE}';
    const out = [];
    for (const el of document.querySelectorAll('[onclick]')) {
      if (out.length >= ${INLINE_CLICK_CAP}) break;
      if (el === document.body || el === document.documentElement) continue;
      // Not by tabIndex: Chromium gives an <a> without href tabIndex 0, though Tab never stops there.
      if (el.matches(FOCUSABLE) || el.closest(FOCUSABLE + ', label')) continue;
      // A carousel's copy of a slide, or content hidden from assistive technology, is not more of the page.
      if (carouselCopy(el) || el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el.querySelector(FOCUSABLE)) continue;
      if (getComputedStyle(el).cursor !== 'pointer') continue;
      if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) continue;
      const rect = rectOf(el);
      if (!rect || rect.width * rect.height < 16) continue;
      out.push({ selector: sel(el), tag: el.tagName.toLowerCase(), text: nameOf(el).slice(0, 80), rect, handler: (el.getAttribute('onclick') || '').slice(0, 300) });
    }
    return out;
  }`;
