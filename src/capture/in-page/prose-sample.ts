// The page's prose as the page's own language is declared for it: text of headings, paragraphs, list
// items, cells and quotes in the main content, in document order, rendered. Left out: code and
// preformatted text, form controls, navigation, list items and cells that are only links, the page's
// banner and footer, asides, text the page marks as not
// to translate, and passages that declare a language of their own (`<blockquote lang="fr">`).
// JavaScript source, spliced into the DOM facts script; the language check reads what it returns.

/** Characters kept at most. */
export const PROSE_SAMPLE_CHARS = 2400;

export const PROSE_SAMPLE_FN = `() => {
    const MAX = ${PROSE_SAMPLE_CHARS}, MAX_NODES = 6000;
    const html = document.documentElement;
    const own = (html.getAttribute('lang') || '').trim().toLowerCase();
    const root = document.querySelector('main, [role=main]') || document.body;
    if (!root) return '';
    const SKIP = 'script,style,noscript,template,pre,code,kbd,samp,var,textarea,select,button,svg,math,nav,[role=navigation],[role=banner],[role=contentinfo],aside,[role=complementary],[aria-hidden=true],[translate=no],.notranslate';
    // A <header> or <footer> is the page's banner or footer only outside sectioning content: an article's
    // header holds its title.
    const pageEdge = (el) => { const edge = el.closest('header,footer'); return !!edge && !edge.parentElement.closest('article,section,main,[role=main],aside,nav'); };
    const BLOCK = 'p,li,dd,dt,blockquote,figcaption,td,th,h1,h2,h3,h4,h5,h6,summary,caption';
    // A list item or cell that is nothing but links (a sidebar's list of pages, a tag cloud, a calendar of
    // links) names things rather than saying them: left out, as navigation is.
    const linksOnly = new Map();
    const onlyLinks = (block) => {
      if (!/^(LI|TD|TH|DD|DT)$/.test(block.tagName)) return false;
      if (linksOnly.has(block)) return linksOnly.get(block);
      const all = (block.textContent || '').replace(/\\s+/g, '');
      let linked = '';
      for (const a of block.querySelectorAll('a')) linked += (a.textContent || '').replace(/\\s+/g, '');
      const out = all.length > 0 && linked.length >= all.length * 0.9;
      linksOnly.set(block, out);
      return out;
    };
    const judged = new Map();
    const usable = (el) => {
      if (judged.has(el)) return judged.get(el);
      const block = el.closest(BLOCK);
      let ok = !!block && root.contains(block) && !el.closest(SKIP) && !pageEdge(el) && !onlyLinks(block);
      if (ok) {
        const declared = el.closest('[lang]');
        if (declared && declared !== html && (declared.getAttribute('lang') || '').trim().toLowerCase() !== own) ok = false;
      }
      // Not rendered (a closed panel, a language version switched off); text fading in from opacity 0 is read.
      if (ok && el.checkVisibility) ok = el.checkVisibility({ visibilityProperty: true });
      const out = ok ? block : null;
      judged.set(el, out);
      return out;
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '', last = null, nodes = 0;
    for (let t = walker.nextNode(); t && text.length < MAX && nodes < MAX_NODES; t = walker.nextNode(), nodes++) {
      const words = t.data.replace(/\\s+/g, ' ');
      if (!words.trim() || !t.parentElement) continue;
      const block = usable(t.parentElement);
      if (!block) continue;
      text += (block !== last ? ' ' : '') + words;
      last = block;
    }
    return text.replace(/\\s+/g, ' ').trim().slice(0, MAX);
  }`;
