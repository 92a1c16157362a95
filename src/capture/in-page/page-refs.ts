// In-page facts for the structure and reference checks: the heading outline as assistive technology
// reads it, duplicate ids, responsive image candidates, the URLs readable stylesheets refer to and the
// icons and manifest the head declares.
// Capped like DOM_FACTS_SCRIPT; merged into DomFacts by the page recorder. Plain JS text on purpose.
import { CAROUSEL_COPY_FN } from './carousel-copy.js';

export const PAGE_REFS_SCRIPT = `(() => {
  const CAP = { headings: 200, ids: 50, candidates: 200, css: 300, rules: 5000 };
  const txt = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 120);
  const sel = (el) => {
    const parts = [];
    for (let e = el, i = 0; e && e.nodeType === 1 && i < 4; e = e.parentElement, i++) {
      let p = e.tagName.toLowerCase();
      const sib = e.parentElement ? [...e.parentElement.children].filter((c) => c.tagName === e.tagName) : [];
      if (sib.length > 1) p += ':nth-of-type(' + (sib.indexOf(e) + 1) + ')';
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  // Resolve through anchors (pages sometimes overwrite the global URL constructor); a detached
  // document with its own <base> resolves against a stylesheet's URL.
  const scratch = document.implementation.createHTMLDocument('');
  const baseEl = scratch.createElement('base');
  scratch.head.appendChild(baseEl);
  const resolver = scratch.createElement('a');
  scratch.body.appendChild(resolver);
  const abs = (u, base) => {
    try { baseEl.setAttribute('href', base || document.baseURI); resolver.setAttribute('href', u); return resolver.href || null; }
    catch (e) { return null; }
  };
  // Hidden from assistive technology: display:none / visibility:hidden, or inside aria-hidden="true".
  const hidden = (el) => {
    if (el.closest('[aria-hidden="true"]')) return true;
    const cs = getComputedStyle(el);
    return cs.visibility === 'hidden' || (el.getClientRects().length === 0 && cs.position !== 'fixed');
  };

  const headings = [];
  for (const h of document.querySelectorAll('h1,h2,h3,h4,h5,h6,[role~=heading]')) {
    if (headings.length >= CAP.headings) break;
    const role = (h.getAttribute('role') || '').trim().split(/\\s+/)[0];
    const native = /^H[1-6]$/.test(h.tagName);
    if (role && role !== 'heading' && native) continue; // <h2 role="presentation"> is no heading
    const aria = parseInt(h.getAttribute('aria-level') || '', 10);
    const level = aria >= 1 ? aria : native ? +h.tagName[1] : 2; // ARIA's default level for role=heading is 2
    headings.push({ level, text: txt(h), selector: sel(h), hidden: hidden(h), aria: !native || aria >= 1 });
  }

  const byId = new Map();
  for (const el of document.querySelectorAll('[id]')) {
    const id = el.getAttribute('id');
    if (!id || !id.trim()) continue;
    const list = byId.get(id);
    if (list) list.push(el); else byId.set(id, [el]);
  }
  const refsTo = (id) => {
    const by = [];
    const esc = CSS.escape(id);
    if (document.querySelector('a[href="#' + esc + '"]')) by.push('fragment link');
    for (const a of ['for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-details', 'aria-errormessage', 'aria-flowto', 'list', 'form', 'popovertarget', 'commandfor']) {
      for (const el of document.querySelectorAll('[' + a + ']')) {
        if ((el.getAttribute(a) || '').split(/\\s+/).includes(id)) { by.push(a === 'for' ? (el.tagName === 'LABEL' ? 'label for' : 'for') : a); break; }
      }
    }
    return by;
  };
  // Carousels and marquees copy slides to loop (slick-cloned, swiper-slide-duplicate, glide__slide--clone,
  // splide__slide--clone, owl's cloned, bx-clone, tns-slide-cloned) and hide the copies from assistive
  // technology (aria-hidden, inert). A copy repeats the ids of what it copies: the site's script made it.
  const carouselCopy = ${CAROUSEL_COPY_FN};
  const clonePlace = (el) => !!el.closest('[aria-hidden="true"],[inert]') || carouselCopy(el);
  const copyKey = (el) => el.tagName + '|' + (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 500);
  const duplicates = [];
  for (const [id, els] of byId) {
    if (els.length < 2) continue;
    if (duplicates.length >= CAP.ids) break;
    const keys = els.map(copyKey);
    // Hidden copies: in a clone or hidden subtree, and the same element (tag and text) as another occurrence.
    const hiddenCopies = els.filter((e, i) => clonePlace(e) && keys.some((k, j) => j !== i && k === keys[i])).length;
    duplicates.push({
      id: id.slice(0, 100), count: els.length, tags: [...new Set(els.map((e) => e.tagName.toLowerCase()))].slice(0, 5),
      in_svg: els.every((e) => e.namespaceURI === 'http://www.w3.org/2000/svg'),
      referenced_by: refsTo(id), selectors: els.slice(0, 3).map(sel), hidden_copies: hiddenCopies,
    });
  }

  const candidates = [];
  const seen = new Set();
  const addSet = (el, attr, source) => {
    const set = el.getAttribute(attr);
    if (!set) return;
    // The HTML srcset grammar: a URL runs to the next whitespace (trailing commas end the candidate),
    // then descriptors run to the next comma outside parentheses. URLs may contain commas.
    let i = 0;
    while (i < set.length && candidates.length < CAP.candidates) {
      while (i < set.length && /[\\s,]/.test(set[i])) i++;
      let j = i;
      while (j < set.length && !/\\s/.test(set[j])) j++;
      let raw = set.slice(i, j);
      i = j;
      let descriptors = '';
      if (/,$/.test(raw)) raw = raw.replace(/,+$/, '');
      else {
        let depth = 0;
        const from = i;
        while (i < set.length && !(set[i] === ',' && depth === 0)) { if (set[i] === '(') depth++; else if (set[i] === ')') depth--; i++; }
        descriptors = set.slice(from, i).trim();
      }
      if (!raw) continue;
      // The browser drops a candidate whose descriptors are not one width (480w), density (2x) or height
      // (with a width): an unencoded space in a file name ("Jonas Borms.webp") makes "Borms.webp" the
      // descriptor, and the cut URL is never requested by anyone.
      if (descriptors && !/^(?:\\d+w(?:\\s+\\d+h)?|\\d+h\\s+\\d+w|\\d*\\.?\\d+(?:e[+-]?\\d+)?x)$/i.test(descriptors.replace(/\\s+/g, ' '))) continue;
      const url = abs(raw);
      if (!url || !/^https?:/i.test(url) || seen.has(url)) continue;
      seen.add(url);
      candidates.push({ url, selector: sel(el), source });
    }
  };
  // One odd element or stylesheet must not cost the page its other facts.
  for (const img of document.querySelectorAll('img[srcset]')) try { addSet(img, 'srcset', 'img'); } catch (e) {}
  for (const s of document.querySelectorAll('picture > source[srcset]')) try { addSet(s, 'srcset', 'picture'); } catch (e) {}

  const css = [];
  const cssSeen = new Set();
  let rules = 0;
  const URL_RE = /url\\(\\s*(?:"([^"]*)"|'([^']*)'|([^)\\s]*))\\s*\\)/g;
  const FONT_SRC_RE = /url\\(\\s*(?:"([^"]*)"|'([^']*)'|([^)\\s]*))\\s*\\)\\s*(?:format\\(\\s*["']?([^"')]+)["']?\\s*\\))?/g;
  const FONT_FORMATS = ['woff2', 'woff', 'truetype', 'opentype', 'collection'];
  // Which rules apply to nothing on this page, so that a file only they name is no visitor's problem here:
  // a selector matching no element (pseudo-classes and -elements dropped: :hover and ::before still
  // match their element), a font face no matching rule's font-family names. Unknown counts as used.
  const familiesUsedBy = new Map();
  const matchesNothing = (selector) => {
    try {
      for (const part of (selector || '').split(',')) {
        let bare = part.replace(/::?[a-zA-Z-]+(\([^)]*\))?/g, '').trim();
        if (!bare || /[>+~]$/.test(bare)) bare = (bare + ' *').trim();
        if (document.querySelector(bare)) return false;
      }
      return true;
    } catch (e) { return false; }
  };
  const walk = (list, base, from, depth) => {
    for (const rule of list) {
      if (++rules > CAP.rules || css.length >= CAP.css) return;
      if (rule.type === 1 && rule.style) {
        const ff = rule.style.getPropertyValue('font-family');
        if (ff) for (const f of ff.split(',')) {
          const family = f.replace(/["']/g, '').trim().toLowerCase();
          if (!family) continue;
          const list = familiesUsedBy.get(family) || [];
          if (list.length < 20) list.push(rule.selectorText || '');
          familiesUsedBy.set(family, list);
        }
      }
      if (rule.type === 3) { // @import
        const url = abs(rule.href, base);
        if (url && !cssSeen.has(url)) { cssSeen.add(url); css.push({ url, from, kind: 'import', context: '@import' }); }
        try { if (rule.styleSheet && depth < 3) walk(rule.styleSheet.cssRules, rule.styleSheet.href || url, rule.styleSheet.href || url, depth + 1); } catch (e) {}
        continue;
      }
      if (rule.cssRules) walk(rule.cssRules, base, from, depth);
      // Only declarations Chromium parsed (unknown properties and IE hacks are dropped), property by
      // property: custom properties (--x: url(...)) resolve where var() is used, so they are skipped,
      // and @namespace's url() names a namespace, not a file.
      const style = rule.style;
      if (!style || (style.cssText || '').indexOf('url(') < 0) continue;
      // @font-face: the browser fetches the first source in a format it supports and stops there, so the
      // bulletproof syntax's later fallbacks (.eot, .svg) a site no longer ships are never a visitor's problem.
      if (rule.type === 5) {
        const src = style.getPropertyValue('src') || '';
        for (const m of src.matchAll(FONT_SRC_RE)) {
          const format = (m[4] || '').toLowerCase().replace(/-variations$/, '');
          if (format && !FONT_FORMATS.includes(format)) continue;
          const raw = (m[1] ?? m[2] ?? m[3] ?? '').trim();
          const url = raw && !/^(data|blob):/i.test(raw) ? abs(raw, base) : null;
          if (url && /^https?:/i.test(url) && !cssSeen.has(url)) { cssSeen.add(url); css.push({ url, from, kind: 'url', context: '@font-face', family: (style.getPropertyValue('font-family') || '').replace(/["']/g, '').trim().toLowerCase() }); }
          break;
        }
        continue;
      }
      let text = '';
      for (let k = 0; k < style.length; k++) if (!style[k].startsWith('--')) text += ' ' + style.getPropertyValue(style[k]);
      for (const m of text.matchAll(URL_RE)) {
        const raw = (m[1] ?? m[2] ?? m[3] ?? '').trim();
        if (!raw || raw[0] === '#' || /^(data|blob|about|javascript):/i.test(raw)) continue;
        const url = abs(raw, base);
        if (!url || !/^https?:/i.test(url) || cssSeen.has(url)) continue;
        cssSeen.add(url);
        const context = rule.type === 5 ? '@font-face' : (rule.selectorText || '').slice(0, 120);
        css.push({ url, from, kind: 'url', context, ...(rule.type === 1 && matchesNothing(rule.selectorText) ? { unused: true } : {}) });
      }
    }
  };
  for (const sheet of document.styleSheets) {
    let list = null;
    try { list = sheet.cssRules; } catch (e) { continue; } // cross-origin without CORS: not readable
    const from = sheet.href || 'inline';
    try { walk(list, sheet.href || document.baseURI, from, 0); } catch (e) {}
  }
  // A font face is unused when rules name its family and none of them matches an element.
  for (const ref of css) {
    if (ref.family === undefined) continue;
    const users = familiesUsedBy.get(ref.family);
    if (ref.family && users && users.length && users.every(matchesNothing)) ref.unused = true;
    delete ref.family;
  }
  // The site's icons as the head declares them (the browser tab's, a phone's home screen's) and its
  // web app manifest: nothing loads them during a headless visit, so they are checked by request.
  const icons = [];
  for (const l of document.head ? document.head.querySelectorAll('link[rel][href]') : []) {
    const rels = (l.getAttribute('rel') || '').toLowerCase().split(/\\s+/);
    const rel = rels.includes('icon') ? 'icon' : rels.includes('apple-touch-icon') || rels.includes('apple-touch-icon-precomposed') ? 'apple-touch-icon' : rels.includes('manifest') ? 'manifest' : null;
    const raw = (l.getAttribute('href') || '').trim();
    if (!rel || !raw || /^(data|blob):/i.test(raw) || icons.length >= 20) continue;
    const url = abs(raw);
    if (url && /^https?:/i.test(url)) icons.push({ rel, href: url });
  }
  return { heading_outline: headings, duplicate_ids: duplicates, srcset_candidates: candidates, css_refs: css, icons };
})()`;
