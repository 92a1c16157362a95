// Carousels and marquees copy their slides to loop (slick-cloned, swiper-slide-duplicate,
// glide__slide--clone, splide__slide--clone, owl's cloned, bx-clone, tns-slide-cloned): a copy repeats what
// it copies — its ids, its controls — and is the site's script's doing, not more of the site. JavaScript
// source, spliced into the in-page scripts that count elements.

/** Whether the element sits in a slide a carousel copied (by the copy's class on it or an ancestor). */
export const CAROUSEL_COPY_FN = `(el) => {
    const CLONE_CLASS = /(?:^|[-_])(?:clone|cloned|duplicate)$/i;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) for (const c of e.classList || []) if (CLONE_CLASS.test(c)) return true;
    return false;
  }`;
