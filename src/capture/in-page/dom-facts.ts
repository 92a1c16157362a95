// Extracts the DOM facts checks need (src/evidence/types.ts DomFacts), in the page, in one pass,
// with every list capped so a hostile 5 MB DOM cannot blow up the bundle. Plain JS text on purpose.
import { NOT_A_PART } from '../../evidence/url-identity.js';
import { RENDERED_BLANK_FN } from './blank.js';
import { HIDDEN_SHOWN_FN } from './hidden-shown.js';
import { INLINE_CLICK_ONLY_FN } from './inline-click.js';
import { PROSE_SAMPLE_FN } from './prose-sample.js';
import { SELECTOR_FN } from './selector.js';
export const DOM_FACTS_SCRIPT = `(() => {
  const CAP = { links: 500, images: 200, scripts: 200, headings: 100, meta: 100, forms: 50, json: 20, iframes: 50, scriptLinks: 50 };
  const txt = (el, n = 120) => (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, n);
  const sel = ${SELECTOR_FN};
  const region = (el) => {
    if (el.closest('nav,[role=navigation]')) return 'nav';
    if (el.closest('header,[role=banner]')) return 'header';
    if (el.closest('footer,[role=contentinfo]')) return 'footer';
    return 'body';
  };
  // Resolve through an anchor element: pages sometimes overwrite the global URL constructor.
  const resolver = document.createElement('a');
  const abs = (u) => { try { resolver.setAttribute('href', u); return resolver.href || u; } catch (e) { return u; } };
  const vw = innerWidth, vh = innerHeight;
  // A menu's parent item: it says it opens a popup, or its item holds another list of real links (a
  // dropdown whose children are the pages).
  const opensSubmenu = (a) => a.hasAttribute('aria-haspopup') || a.hasAttribute('aria-expanded') ||
    !!(a.parentElement && [...a.parentElement.children].some((c) => c !== a && c.querySelector && c.querySelector('a[href]:not([href^="javascript:"])')));
  const links = [], scriptLinks = [];
  for (const a of document.querySelectorAll('a[href], area[href]')) {
    const raw = a.getAttribute('href') || '';
    // An anchor given another role (role="button" on a menu toggle) says it is no link: Lighthouse's
    // crawlable-anchors skips every anchor with a role; so does this list.
    const asOther = (a.getAttribute('role') || 'link').trim().toLowerCase() !== 'link';
    if (/^\\s*javascript:/i.test(raw)) { if (!asOther && scriptLinks.length < CAP.scriptLinks) scriptLinks.push({ selector: sel(a), text: txt(a, 80), href: raw.slice(0, 200), kind: 'javascript_href', ...(a.getAttribute('onclick') ? { onclick: a.getAttribute('onclick').slice(0, 200) } : {}), ...(opensSubmenu(a) ? { submenu: true } : {}) }); continue; }
    if (links.length >= CAP.links) continue;
    const rel = a.getAttribute('rel');
    // A page-relative href (no scheme, no leading slash, not a fragment or query) resolves differently on
    // every page: kept as written, so one template's link is known as one link (href="undefined").
    const relative = /^[^/#?\\s][^:]*$/.test(raw.trim()) || /^\\.{1,2}\\//.test(raw.trim());
    links.push({ href: abs(raw), text: txt(a, 80) || a.getAttribute('aria-label') || '', rel, region: region(a), nofollow: /nofollow/i.test(rel || ''), ...(relative ? { raw_href: raw.trim().slice(0, 200) } : {}) });
  }
  for (const el of document.querySelectorAll('a:not([href]):not([role])[onclick], a:not([href])[role=link][onclick], [role=link]:not(a), span[onclick], div[onclick], li[onclick], td[onclick]')) {
    if (scriptLinks.length >= CAP.scriptLinks) break;
    const kind = el.tagName === 'A' ? 'onclick_anchor' : el.getAttribute('role') === 'link' ? 'role_link' : 'clickable_element';
    scriptLinks.push({ selector: sel(el), text: txt(el, 80), href: null, kind, onclick: (el.getAttribute('onclick') || '').slice(0, 200) || undefined });
  }
  // Width, height and aspect-ratio set by readable stylesheets' rules (media rules applying now included),
  // collected once and only when an image lacks size attributes: Lighthouse counts CSS sizing as sizing.
  let sizingRules = null;
  const sheetSize = (img) => {
    if (!sizingRules) {
      sizingRules = [];
      let seen = 0;
      const walk = (rules) => {
        for (const r of rules) {
          if (++seen > 8000 || sizingRules.length > 2000) return;
          if (r.type === 4 && r.media && !matchMedia(r.media.mediaText).matches) continue;
          if (r.cssRules && r.type !== 1) { walk(r.cssRules); continue; }
          if (r.type !== 1 || !r.style) continue;
          const w = r.style.getPropertyValue('width'), h = r.style.getPropertyValue('height'), ar = r.style.getPropertyValue('aspect-ratio');
          if (w || h || ar) sizingRules.push({ selector: r.selectorText, width: w || null, height: h || null, aspect_ratio: ar || null });
        }
      };
      for (const sheet of document.styleSheets) {
        try { walk(sheet.cssRules); } catch (e) {} // cross-origin without CORS: not readable
      }
    }
    const out = { width: null, height: null, aspect_ratio: null };
    let any = false;
    for (const r of sizingRules) {
      let hit = false;
      try { hit = img.matches(r.selector); } catch (e) {}
      if (!hit) continue;
      for (const k of ['width', 'height', 'aspect_ratio']) if (r[k] && !/^auto$/i.test(r[k])) { out[k] = r[k]; any = true; }
    }
    return any ? out : null;
  };
  const images = [...document.images].slice(0, CAP.images).map((img) => {
    const r = img.getBoundingClientRect();
    const style = getComputedStyle(img);
    return {
      src: img.currentSrc || img.src, selector: sel(img), alt: img.getAttribute('alt'),
      width_attr: img.getAttribute('width'), height_attr: img.getAttribute('height'),
      display_width: Math.round(r.width), display_height: Math.round(r.height),
      natural_width: img.naturalWidth, natural_height: img.naturalHeight, loading: img.getAttribute('loading'),
      in_viewport: r.bottom > 0 && r.right > 0 && r.top < vh && r.left < vw,
      // Sizing in the element's own style attribute (a component's style="width:28px;height:28px"): only when set.
      ...(img.style.width || img.style.height || img.style.aspectRatio ? { style_size: { width: img.style.width || null, height: img.style.height || null, aspect_ratio: img.style.aspectRatio || null } } : {}),
      // Sizing from the stylesheets' rules, read only for an image without both size attributes.
      ...((!img.getAttribute('width') || !img.getAttribute('height')) && (() => { const z = sheetSize(img); return z ? { sheet_size: z } : {}; })()),
      // Taken out of the flow (position fixed or absolute): it cannot push content when it arrives.
      ...(/^(fixed|absolute)$/.test(style.position) ? { out_of_flow: true } : {}),
      // How the file is fitted into its box, when not stretched to it (the default, fill).
      ...(/^(contain|cover|none|scale-down)$/.test(style.objectFit) ? { object_fit: style.objectFit } : {}),
    };
  });
  // Images the page's script moved from a source (one that failed, or one swapped before it answered) to
  // one that loaded (see image-errors.ts). Which of those sources failed, the network log says.
  const seenLeft = new Set();
  const replacedImages = (window.__siteqaImageErrors || []).filter((f) => {
    const now = f.el.currentSrc || f.el.src;
    const key = f.src + '\u0000' + sel(f.el);
    if (seenLeft.has(key)) return false;
    seenLeft.add(key);
    return f.el.isConnected && now && now !== f.src && f.el.complete && f.el.naturalWidth > 0;
  }).slice(0, 50).map((f) => ({ earlier_src: f.src.slice(0, 500), selector: sel(f.el), now_src: (f.el.currentSrc || f.el.src).slice(0, 120) }));
  // Links to a part of this very page that is not there: a fragment no element's id (or <a name>)
  // carries once the page has run. Not an app's hash route (#/x, #!x), not the empty fragment or #top
  // (the top of the page, by the HTML standard), not a text fragment (#:~:text=).
  const here = location.href.split('#')[0];
  const missingFragments = [];
  const seenFragments = new Set();
  for (const a of document.querySelectorAll('a[href*="#"]')) {
    if (missingFragments.length >= 50) break;
    const href = a.href || '';
    const hash = href.indexOf('#');
    if (hash < 0 || href.slice(0, hash) !== here) continue;
    // As the HTML standard finds the indicated part: the fragment as written first (rustdoc's ids carry
    // percent escapes themselves: id="impl-Borrow%3CT%3E"), then percent-decoded.
    const raw = href.slice(hash + 1);
    let frag = raw;
    try { frag = decodeURIComponent(raw); } catch (e) { /* keep as written */ }
    if (!frag || /${NOT_A_PART.source}/i.test(frag) || seenFragments.has(raw)) continue;
    seenFragments.add(raw);
    const found = (f) => document.getElementById(f) || document.getElementsByName(f).length || document.getElementById(f.toLowerCase());
    if (found(raw) || found(frag)) continue;
    // Named as the page's source writes it, for the owner to search for.
    const attr = a.getAttribute('href') || '';
    const written = attr.indexOf('#') >= 0 ? attr.slice(attr.indexOf('#') + 1) : frag;
    missingFragments.push({ fragment: (written || frag).slice(0, 120), selector: sel(a), text: txt(a, 80) });
  }
  // Readings that serve one check each: one that throws on an odd page (a patched prototype) gives nothing,
  // not the page's whole facts. The body's text is read once (a layout and a serialisation).
  const guarded = (read, fallback) => { try { return read(); } catch (e) { return fallback; } };
  const bodyText = document.body ? document.body.innerText || '' : '';
  const head = document.head;
  const metaCharset = document.querySelector('meta[charset]');
  const viewport = document.querySelector('meta[name=viewport i]');
  return {
    lang: document.documentElement.getAttribute('lang'),
    doctype: !!document.doctype,
    charset: metaCharset ? metaCharset.getAttribute('charset') : document.characterSet || null,
    viewport: viewport ? viewport.getAttribute('content') : null,
    meta: [...document.querySelectorAll('meta')].slice(0, CAP.meta).map((m) => ({
      name: m.getAttribute('name'), property: m.getAttribute('property'), http_equiv: m.getAttribute('http-equiv'),
      content: (m.getAttribute('content') || '').slice(0, 500) || null,
    })),
    canonical: head ? [...head.querySelectorAll('link[rel~=canonical i]')].map((l) => abs(l.getAttribute('href') || '')) : [],
    ...(head && head.querySelector('link[rel~=sitemap i][href]') ? { sitemap_links: [...head.querySelectorAll('link[rel~=sitemap i][href]')].slice(0, 5).map((l) => abs(l.getAttribute('href'))) } : {}),
    hreflang: head ? [...head.querySelectorAll('link[rel~=alternate i][hreflang]')].slice(0, 100).map((l) => ({ lang: l.getAttribute('hreflang'), href: abs(l.getAttribute('href') || ''), raw_href: (l.getAttribute('href') || '').slice(0, 500) })) : [],
    // A heading that is a picture (a logo in the h1) is named by its alt text or label.
    headings: [...document.querySelectorAll('h1,h2,h3,h4,h5,h6')].slice(0, CAP.headings).map((h) => ({ level: +h.tagName[1], text: txt(h) || (h.getAttribute('aria-label') || [...h.querySelectorAll('img[alt], [aria-label], svg title')].map((e) => e.getAttribute('alt') || e.getAttribute('aria-label') || e.textContent || '').join(' ')).replace(/\\s+/g, ' ').trim().slice(0, 120) })),
    links,
    script_links: scriptLinks,
    forms: [...document.forms].slice(0, CAP.forms).map((f) => ({
      action: abs(f.getAttribute('action') || location.href), method: (f.getAttribute('method') || 'get').toLowerCase(),
      selector: sel(f), has_password: !!f.querySelector('input[type=password]'),
    })),
    images,
    ...(replacedImages.length ? { replaced_images: replacedImages } : {}),
    ...(missingFragments.length ? { missing_fragments: missingFragments } : {}),
    scripts: [...document.scripts].slice(0, CAP.scripts).map((s) => ({
      src: s.getAttribute('src') ? abs(s.getAttribute('src')) : null, async: s.async, defer: s.defer,
      type: s.getAttribute('type'), in_head: !!head && head.contains(s),
    })),
    stylesheets: [...document.querySelectorAll('link[rel~=stylesheet i]')].slice(0, CAP.scripts).map((l) => ({
      href: abs(l.getAttribute('href') || ''), media: l.getAttribute('media'), in_head: !!head && head.contains(l),
    })),
    json_ld: [...document.querySelectorAll('script[type="application/ld+json" i]')].slice(0, CAP.json).map((s) => (s.textContent || '').slice(0, 20000)),
    iframes: [...document.querySelectorAll('iframe')].slice(0, CAP.iframes).map((f) => ({ src: f.src })),
    text_length: bodyText.length,
    ...(guarded(() => (${RENDERED_BLANK_FN})(bodyText), false) ? { rendered_blank: true } : {}),
    ...guarded(() => { const prose = (${PROSE_SAMPLE_FN})(); return prose ? { prose } : {}; }, {}),
    ...guarded(() => { const found = (${INLINE_CLICK_ONLY_FN})(); return found.length ? { inline_click_only: found } : {}; }, {}),
    ...guarded(() => { const found = (${HIDDEN_SHOWN_FN})(); return found.length ? { hidden_shown: found } : {}; }, {}),
    element_count: document.getElementsByTagName('*').length,
  };
})()`;
