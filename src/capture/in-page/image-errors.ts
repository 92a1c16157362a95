// Installed before any page script runs: remembers every <img> whose source failed to load, and every
// source an <img> was moved away from, so the DOM snapshot can tell a hole in the page from an image the
// page's own script replaced (an onerror fallback, a placeholder library such as holder.js, a
// lazy-loader's swap). A script that swaps the source before the failure arrives cancels the load, and
// no error event fires: the attribute change is the only trace. Plain JS text.
export const IMAGE_ERRORS_SCRIPT = `(() => {
  if (window.__siteqaImageErrors) return;
  const left = [];
  Object.defineProperty(window, '__siteqaImageErrors', { value: left, enumerable: false });
  // Load errors do not bubble; a capturing listener on the window sees every element's.
  addEventListener('error', (e) => {
    const el = e.target;
    if (el && el.tagName === 'IMG' && left.length < 200) left.push({ el, src: el.currentSrc || el.src });
  }, true);
  try {
    new MutationObserver((changes) => {
      for (const c of changes) {
        if (left.length >= 200) return;
        // A data: or blob: placeholder was never a request: only network sources can have failed.
        if (c.target.tagName !== 'IMG' || c.attributeName !== 'src' || !c.oldValue || /^\\s*(data|blob):/i.test(c.oldValue)) continue;
        try { left.push({ el: c.target, src: new URL(c.oldValue, document.baseURI).href }); } catch (e) {}
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['src'], attributeOldValue: true });
  } catch (e) {}
})();`;
