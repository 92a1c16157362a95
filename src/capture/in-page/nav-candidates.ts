// In the page: elements that look like navigation but are no crawlable link (buttons, role=link,
// menuitem or tab, <a> without href, elements with an onclick or a pointer cursor in nav/header),
// and the history hook that records every address the app pushes. Plain JS text on purpose.

/**
 * Installed before any page script: `history.pushState`/`replaceState` record the URL they set in
 * `window.__siteqaRoutes` (capped), so routes an app pushes on load or on a click are known.
 */
export const HISTORY_HOOK_SCRIPT = `(() => {
  const routes = [];
  Object.defineProperty(window, '__siteqaRoutes', { value: routes, enumerable: false });
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (state, title, url) {
      const result = original.apply(this, arguments);
      try { if (url !== undefined && url !== null && routes.length < 200) routes.push(new URL(String(url), location.href).href); } catch (e) {}
      return result;
    };
  }
})()`;

/** Addresses recorded by the hook so far. */
export const READ_ROUTES_SCRIPT = `(() => (window.__siteqaRoutes || []).slice())()`;

/**
 * Same-site links in the page now (absolute; an in-page anchor dropped, a hash route `#/x` kept): a click
 * that adds some revealed them.
 */
export const READ_LINKS_SCRIPT = `(() => [...new Set([...document.querySelectorAll('a[href], area[href]')].slice(0, 3000).map((a) => a.href.replace(/#(?!!?\\/).*$/, '')).filter((h) => /^https?:/.test(h) && new URL(h).host === location.host))])()`;

export interface NavCandidate {
  /** The accessible name the acting engine resolves it by. */
  name: string;
  role: string | null;
  tag: string;
  region: 'nav' | 'header' | 'body' | 'footer';
}

/**
 * Visible, named, enabled candidates outside forms, in document order, nav and header first; at most
 * `max`. Menu toggles (aria-expanded/haspopup) are left out: they reveal links already in the DOM.
 */
export const navCandidatesScript = (max: number) => `(() => {
  const squash = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const region = (el) => el.closest('nav,[role=navigation]') ? 'nav' : el.closest('header,[role=banner]') ? 'header' : el.closest('footer,[role=contentinfo]') ? 'footer' : 'body';
  const seen = new Set();
  const out = [];
  const pick = (el) => {
    if (el.closest('a[href], area[href], form, [role=dialog], [aria-modal=true], [contenteditable]')) return;
    if (el.matches('input, select, textarea, option, [disabled], [aria-disabled=true], [aria-expanded], [aria-haspopup], [type=submit], [type=reset]')) return;
    const box = el.getBoundingClientRect();
    if (box.width < 4 || box.height < 4) return;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') return;
    const name = squash(el.getAttribute('aria-label')) || squash(el.innerText);
    if (!name || name.length > 60 || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    out.push({ name, role: el.getAttribute('role') || (el.tagName === 'BUTTON' ? 'button' : null), tag: el.tagName.toLowerCase(), region: region(el) });
  };
  for (const el of document.querySelectorAll('button, [role=link], [role=menuitem], [role=tab], a:not([href]), [onclick]')) pick(el);
  for (const el of document.querySelectorAll('nav *, header *, [role=navigation] *')) {
    if (el.children.length === 0 && getComputedStyle(el).cursor === 'pointer') pick(el);
  }
  const rank = { nav: 0, header: 1, body: 2, footer: 3 };
  return out.sort((a, b) => rank[a.region] - rank[b.region]).slice(0, ${max});
})()`;
