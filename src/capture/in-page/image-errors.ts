// Installed before any page script runs: remembers every <img> whose source failed to load, so the DOM
// snapshot can tell a hole in the page from an image the page's own script replaced after the error
// (an onerror fallback, a placeholder library such as holder.js, a lazy-loader's swap). Plain JS text.
export const IMAGE_ERRORS_SCRIPT = `(() => {
  if (window.__siteqaImageErrors) return;
  const failed = [];
  Object.defineProperty(window, '__siteqaImageErrors', { value: failed, enumerable: false });
  // Load errors do not bubble; a capturing listener on the window sees every element's.
  addEventListener('error', (e) => {
    const el = e.target;
    if (el && el.tagName === 'IMG' && failed.length < 200) failed.push({ el, src: el.currentSrc || el.src });
  }, true);
})();`;
