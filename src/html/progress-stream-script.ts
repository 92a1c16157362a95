// Browser code shared by the landing and progress pages: follow a run's SSE stream and list its steps.
// Plain ES2017, textContent only: event data carries untrusted page URLs and must never become HTML.

/**
 * Defines `siteqaFollow({ url, list, onStatus, onEnd, onLost })` in the enclosing function scope.
 * `list` is an <ol>; server-rendered items in it are replaced by the first streamed step.
 */
export const PROGRESS_STREAM_JS = `
  var SITEQA_STATUS = { queued: 'Queued', running: 'Running', succeeded: 'Completed', failed: 'Failed', blocked: 'Blocked', timeout: 'Timed out' };
  function siteqaStatus(s) { return SITEQA_STATUS[s] || String(s || 'Finished'); }
  function siteqaPath(u) {
    try { var x = new URL(u); return x.pathname + x.search; } catch (e) { return String(u == null ? '' : u); }
  }
  function siteqaStepText(type, d) {
    if (type === 'queued') return 'Audit queued';
    if (type === 'started') return 'Browser started';
    if (type === 'page') {
      var n = typeof d.index === 'number' ? d.index + 1 : null;
      var of = n ? ' (page ' + n + (d.max_pages ? ' of at most ' + d.max_pages : '') + ')' : '';
      return 'Visited ' + siteqaPath(d.final_url || d.url) + ' \\u2014 ' + (d.status == null ? 'did not load' : d.status) + of;
    }
    if (type === 'checks') {
      var k = Array.isArray(d.findings) ? d.findings.length : d.findings;
      return typeof k === 'number' ? 'Checks ran: ' + k + (k === 1 ? ' finding' : ' findings') : 'Checks ran';
    }
    if (type === 'end') return 'Finished: ' + siteqaStatus(d.status) + (d.failure_reason ? ' \\u2014 ' + d.failure_reason : '');
    return null;
  }
  function siteqaFollow(o) {
    var seen = {}, fresh = true, done = false;
    function add(text, cls) {
      if (fresh) { while (o.list.firstChild) o.list.removeChild(o.list.firstChild); fresh = false; }
      var li = document.createElement('li');
      li.textContent = text;
      if (cls) li.className = cls;
      o.list.appendChild(li);
    }
    var source = new EventSource(o.url);
    ['queued', 'started', 'page', 'checks', 'end'].forEach(function (type) {
      source.addEventListener(type, function (ev) {
        // A reconnect may replay events; the SSE id says which ones are already listed.
        if (ev.lastEventId) { if (seen[ev.lastEventId]) return; seen[ev.lastEventId] = true; }
        var d = {};
        try { var parsed = JSON.parse(ev.data); if (parsed && typeof parsed === 'object') d = parsed; } catch (e) {}
        add(siteqaStepText(type, d), type === 'end' ? 'step-end' : '');
        if (type === 'queued' || type === 'started') o.onStatus(siteqaStatus(type === 'queued' ? 'queued' : 'running'));
        if (type === 'end') { done = true; source.close(); o.onStatus(siteqaStatus(d.status)); o.onEnd(d); }
      });
    });
    // The browser retries by itself while the stream is CONNECTING; CLOSED means it gave up.
    source.onerror = function () { if (!done && source.readyState === 2) o.onLost(); };
    return source;
  }
`;
