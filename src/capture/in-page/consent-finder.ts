// The in-page pass that finds a consent banner and its accept/reject controls (known CMP selectors,
// then the wording heuristic), main frame and open shadow roots. Plain JS text, run with evaluate.
export const FINDER = String.raw`(args) => {
  const mode = args.mode;
  const W = {};
  for (const k in args.words) W[k] = new RegExp(args.words[k], 'i');
  const roots = [];
  const collect = (root, depth) => {
    roots.push(root);
    if (depth > 5) return;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collect(el.shadowRoot, depth + 1);
  };
  collect(document, 0);
  const qsa = (sel) => {
    const out = [];
    for (const r of roots) { try { out.push(...r.querySelectorAll(sel)); } catch (e) {} }
    return out;
  };
  const deepQsa = (root, sel) => {
    const out = [...root.querySelectorAll(sel)];
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) out.push(...deepQsa(el.shadowRoot, sel));
    return out;
  };
  const vw = window.innerWidth, vh = window.innerHeight;
  const visible = (el) => {
    if (!el || !el.getBoundingClientRect) return false;
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.bottom <= 0 || r.right <= 0 || r.top >= vh || r.left >= vw) return false;
    if (el.checkVisibility && !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    return true;
  };
  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim();
  const label = (el) => norm(el.innerText || el.value || el.getAttribute('aria-label') || el.getAttribute('title') || el.textContent).slice(0, 80);
  const classify = (text) => {
    const t = text.toLowerCase().replace(/[.!…:]+$/, '').trim();
    if (!t || t.length > 60) return 'other';
    if (W.settings.test(t)) return 'settings';
    if (W.necessary.test(t)) return 'necessary';
    if (W.reject.test(t)) return W.all.test(t) ? 'reject_all' : 'reject';
    if (W.accept.test(t)) return W.all.test(t) ? 'accept_all' : 'accept';
    if (W.acknowledge.test(t)) return 'acknowledge';
    return 'other';
  };
  const PREFER = {
    accept: ['accept_all', 'accept', 'acknowledge'],
    reject: ['reject_all', 'reject', 'necessary'],
  };
  const navigates = (el) => {
    if (el.tagName !== 'A') return false;
    const href = el.getAttribute('href');
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return false;
    try {
      const u = new URL(href, location.href);
      return !(u.origin === location.origin && u.pathname === location.pathname && u.search === location.search);
    } catch (e) { return true; }
  };
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s = '#' + CSS.escape(el.id);
    else {
      const tid = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter((c) => c && c.length < 40).slice(0, 2) : [];
      s += cls.map((c) => '.' + CSS.escape(c)).join('') + (tid ? '[data-testid="' + tid + '"]' : '');
    }
    const root = el.getRootNode();
    return root && root.host ? describe(root.host) + ' >> ' + s : s;
  };
  const BUTTONS = 'button, [role="button"], input[type="button"], input[type="submit"], a';
  const buttonsIn = (container) => deepQsa(container, BUTTONS)
    .filter((b) => visible(b) && !navigates(b) && !b.disabled)
    .map((b) => ({ el: b, text: label(b), kind: classify(label(b)) }));
  const pick = (buttons) => {
    for (const kind of PREFER[mode]) {
      const b = buttons.find((x) => x.kind === kind);
      if (b) return b;
    }
    return null;
  };
  const result = (method, container, button) => ({
    method, selector: container ? describe(container) : null,
    el: button ? button.el : null,
    desc: button ? describe(button.el) + ' "' + button.text + '"' : null,
  });

  // 1. Known consent management platforms.
  for (const cmp of args.cmps) {
    const banner = cmp.banner.flatMap(qsa).find(visible) || null;
    const controls = (sels) => sels.flatMap(qsa).filter((b) => visible(b) && !navigates(b))
      .map((b) => ({ el: b, text: label(b), kind: classify(label(b)) }));
    const accept = controls(cmp.accept).filter((b) => !['settings', 'necessary', 'reject', 'reject_all'].includes(b.kind));
    const reject = controls(cmp.reject).filter((b) => !['settings', 'accept', 'accept_all', 'acknowledge'].includes(b.kind));
    if (!banner && !accept.length && !reject.length) continue;
    if (mode === 'detect') return result('cmp:' + cmp.name, banner || (accept[0] || reject[0]).el, null);
    const chosen = (mode === 'accept' ? accept : reject)[0];
    if (chosen) return result('cmp:' + cmp.name, banner, chosen);
  }

  // 2. Heuristic: a dialog, a fixed/sticky layer, or an element named like a cookie banner, that is
  //    visible, speaks of cookies/consent, and holds buttons that accept, reject or acknowledge.
  const candidates = [];
  const seen = new Set();
  let scanned = 0;
  for (const r of roots) {
    for (const el of r.querySelectorAll(r === document ? 'body *' : '*')) {
      if (++scanned > 8000) break;
      const role = el.getAttribute('role');
      let how = null;
      if ((el.tagName === 'DIALOG' && el.open) || role === 'dialog' || role === 'alertdialog' || el.getAttribute('aria-modal') === 'true') how = 'dialog';
      else if (/cookie|consent|gdpr|dsgvo|rgpd/i.test((el.id || '') + ' ' + (typeof el.className === 'string' ? el.className : ''))) how = 'named';
      else {
        const pos = getComputedStyle(el).position;
        if (pos === 'fixed' || pos === 'sticky') how = 'fixed';
      }
      if (how && !seen.has(el)) { seen.add(el); candidates.push({ el, how }); }
    }
  }
  if (args.childFrame && document.body) candidates.push({ el: document.body, how: 'frame' });
  const matches = [];
  for (const c of candidates) {
    if (!visible(c.el)) continue;
    const text = norm(c.el.innerText || c.el.textContent);
    if (text.length < 15 || text.length > 6000 || !W.consent.test(text)) continue;
    const buttons = buttonsIn(c.el);
    if (!buttons.some((b) => PREFER.accept.includes(b.kind) || PREFER.reject.includes(b.kind))) continue;
    matches.push({ c, text, buttons });
  }
  // The innermost match is the banner itself rather than a page-wide wrapper.
  matches.sort((a, b) => a.text.length - b.text.length);
  if (mode === 'detect') return matches.length ? result('heuristic:' + matches[0].c.how, matches[0].c.el, null) : null;
  for (const m of matches) {
    const b = pick(m.buttons);
    if (b) return result('heuristic:' + m.c.how, m.c.el, b);
  }
  return null;
}`;
