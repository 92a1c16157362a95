// Installed before any page script runs: buffers paint, LCP, layout-shift and long-task entries
// so the recorder can read Core Web Vitals after the page settles. Plain JS text on purpose:
// transpiled functions can carry helper references that do not exist inside the page.
export const PERF_OBSERVER_SCRIPT = `(() => {
  if (window.__siteqaPerf) return;
  const s = { lcp: null, shifts: [], longTasks: [], fcp: null };
  Object.defineProperty(window, '__siteqaPerf', { value: s, enumerable: false });
  const observe = (type, cb) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(cb)).observe({ type, buffered: true }); } catch (e) {}
  };
  observe('largest-contentful-paint', (e) => { s.lcp = e.startTime; });
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') s.fcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) s.shifts.push([e.startTime, e.value]); });
  observe('longtask', (e) => { s.longTasks.push([e.startTime, e.duration]); });
})();`;

/** Reads the buffered entries and computes the metrics (CLS uses the session-window definition). */
export const READ_PERF_SCRIPT = `(() => {
  const s = window.__siteqaPerf || { lcp: null, shifts: [], longTasks: [], fcp: null };
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
  };
})()`;
