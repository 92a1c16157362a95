// Installed before any page script runs: buffers paint, LCP, layout-shift and long-task entries
// so the recorder can read Core Web Vitals after the page settles. Plain JS text on purpose:
// transpiled functions can carry helper references that do not exist inside the page.
import { RECT_FN } from './selector.js';

export const PERF_OBSERVER_SCRIPT = `(() => {
  if (window.__siteqaPerf) return;
  const s = { lcp: null, lcpEl: null, shifts: [], longTasks: [], fcp: null, shiftDetails: [] };
  Object.defineProperty(window, '__siteqaPerf', { value: s, enumerable: false });
  // Elements are described when the entry arrives: they may be gone by the time the recorder reads.
  const describe = (n) => {
    if (!n || n.nodeType !== 1) return n && n.parentElement ? describe(n.parentElement) : '(text)';
    const id = n.id ? '#' + n.id : '';
    const cls = !id && typeof n.className === 'string' && n.className.trim() ? '.' + n.className.trim().split(/\\s+/)[0] : '';
    return (n.tagName.toLowerCase() + id + cls).slice(0, 80);
  };
  const box = (r) => r && (r.width || r.height) ? { x: Math.round(r.x + scrollX), y: Math.round(r.y + scrollY), width: Math.round(r.width), height: Math.round(r.height) } : null;
  const observe = (type, cb) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(cb)).observe({ type, buffered: true }); } catch (e) {}
  };
  observe('largest-contentful-paint', (e) => { s.lcp = e.startTime; s.lcpEl = e.element || null; });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') s.fcp = e.startTime; });
  observe('layout-shift', (e) => {
    if (e.hadRecentInput) return;
    s.shifts.push([e.startTime, e.value]);
    if (s.shiftDetails.length < 20) {
      s.shiftDetails.push({ start_ms: Math.round(e.startTime), value: Math.round(e.value * 10000) / 10000,
        sources: (e.sources || []).slice(0, 3).map((x) => ({ node: describe(x.node), rect: box(x.currentRect), was: box(x.previousRect), el: x.node || null })) });
    }
  });
  observe('longtask', (e) => { s.longTasks.push([e.startTime, e.duration]); });
})();`;

/** Reads the buffered entries and computes the metrics (CLS uses the session-window definition). */
export const READ_PERF_SCRIPT = `(() => {
  const rectOf = ${RECT_FN};
  const s = window.__siteqaPerf || { lcp: null, lcpEl: null, shifts: [], longTasks: [], fcp: null, shiftDetails: [] };
  const nav = performance.getEntriesByType('navigation')[0];
  const fcpEntry = performance.getEntriesByName('first-contentful-paint')[0];
  const fcp = s.fcp ?? (fcpEntry ? fcpEntry.startTime : null);
  let cls = 0, win = 0, winStart = -1, last = -1;
  for (const [t, v] of s.shifts) {
    if (winStart < 0 || t - last > 1000 || t - winStart > 5000) { win = 0; winStart = t; }
    win += v; last = t; if (win > cls) cls = win;
  }
  let tbt = 0;
  for (const [start, dur] of s.longTasks) if (fcp === null || start + dur > fcp) tbt += Math.max(0, dur - 50);
  const r = (x) => (x === null || x === undefined || !isFinite(x) ? null : Math.round(x));
  return {
    ttfb_ms: nav ? r(nav.responseStart) : null,
    fcp_ms: r(fcp),
    lcp_ms: r(s.lcp),
    cls: Math.round(cls * 10000) / 10000,
    tbt_ms: Math.round(tbt),
    long_tasks: s.longTasks.slice(0, 50).map(([a, b]) => ({ start_ms: Math.round(a), duration_ms: Math.round(b) })),
    dom_content_loaded_ms: nav && nav.domContentLoadedEventEnd ? r(nav.domContentLoadedEventEnd) : null,
    load_ms: nav && nav.loadEventEnd ? r(nav.loadEventEnd) : null,
    lcp_element: s.lcpEl ? { node: (() => { const n = s.lcpEl; const id = n.id ? '#' + n.id : ''; return (n.tagName.toLowerCase() + id).slice(0, 80); })(),
      rect: rectOf(s.lcpEl) } : null,
    // Where the shifted element is now (its rect at shift time is clipped to the viewport, often empty).
    shifts: (s.shiftDetails || []).map((d) => ({ start_ms: d.start_ms, value: d.value, sources: d.sources.map((x) => {
      const el = x.el && x.el.nodeType === 1 && x.el.isConnected ? x.el : null;
      const now = rectOf(el);
      return { node: x.node, rect: now || x.rect, was: x.was };
    }) })),
    // The browser's own word on which files held the first render back (Resource Timing's
    // renderBlockingStatus, Chromium 107+): no clock to compare. Null where the browser does not say.
    render_blocking: (() => {
      const entries = performance.getEntriesByType('resource');
      if (!entries.length || !('renderBlockingStatus' in entries[0])) return null;
      return entries.filter((e) => e.renderBlockingStatus === 'blocking').slice(0, 100).map((e) => e.name);
    })(),
  };
})()`;
