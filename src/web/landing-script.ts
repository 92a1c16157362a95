// The landing page's script (served from ASSET_PATHS.landingJs): submit a URL, explain refusals, follow the run.
import { PROGRESS_STREAM_JS } from '../html/progress-stream-script.js';

export const LANDING_JS = `(function () {
  'use strict';
${PROGRESS_STREAM_JS}
  var form = document.getElementById('audit-form');
  if (!form || typeof fetch === 'undefined') return;
  var api = form.getAttribute('data-api-base') || '/api/v1';
  var input = document.getElementById('audit-url');
  var error = document.getElementById('audit-error');
  var button = document.getElementById('audit-submit');
  var panel = document.getElementById('audit-progress');
  var message = document.getElementById('audit-message');
  var reportBox = document.getElementById('audit-report');
  var reportLink = document.getElementById('audit-report-link');
  var busy = false;

  // People type "example.com"; the API wants an absolute URL.
  function normalise(v) {
    v = v.trim();
    if (v && !/^[a-z][a-z0-9+.-]*:/i.test(v)) v = 'https://' + v;
    return v;
  }
  function sameSiteUrl(u) {
    if (typeof u !== 'string' || !u) return null;
    try { var x = new URL(u, location.href); return x.protocol === 'http:' || x.protocol === 'https:' ? x.href : null; } catch (e) { return null; }
  }
  function showError(text) {
    error.textContent = text;
    input.setAttribute('aria-invalid', text ? 'true' : 'false');
  }
  function ready() { busy = false; button.disabled = false; button.textContent = 'Audit'; }
  function seconds(res) {
    var v = res.headers.get('Retry-After');
    return v && /^\\d+$/.test(v) ? Number(v) : null;
  }
  function explain(res, body) {
    var hint = body && typeof body.hint === 'string' ? body.hint : '';
    var code = body && typeof body.code === 'string' ? ' (' + body.code + ')' : '';
    var wait = seconds(res);
    var again = wait !== null ? ' Try again in ' + wait + (wait === 1 ? ' second.' : ' seconds.') : '';
    if (res.status === 422) return (hint || 'This address cannot be audited: only public http(s) websites can.') + code;
    if (res.status === 429) return (hint || 'Too many audits from here right now.') + code + (again || ' Try again in a minute.');
    if (res.status === 503) return (hint || 'siteqa is at capacity and nothing was queued.') + code + (again || ' Try again shortly.');
    return (hint || 'The audit could not be started (HTTP ' + res.status + ').') + code;
  }
  function follow(run) {
    var report = sameSiteUrl(run.report_url);
    var events = sameSiteUrl(run.events_url);
    panel.hidden = false;
    if (report) { reportLink.href = report; reportLink.textContent = report; reportBox.hidden = false; }
    if (!events || typeof EventSource === 'undefined') { if (report) location.assign(report); return; }
    siteqaFollow({
      url: events,
      list: document.getElementById('audit-steps'),
      onStatus: function (text) { message.textContent = text === 'Queued' ? 'Waiting for a browser\\u2026' : 'Auditing in a real browser\\u2026'; },
      onEnd: function () {
        message.textContent = 'Finished. Opening the report\\u2026';
        if (report) setTimeout(function () { location.assign(report); }, 400);
      },
      onLost: function () { message.textContent = 'Lost the live progress stream; opening the report page instead\\u2026'; if (report) location.assign(report); }
    });
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    if (busy) return;
    var url = normalise(input.value);
    if (!url) { showError('Enter the address of a public website, like https://example.com.'); input.focus(); return; }
    showError('');
    busy = true; button.disabled = true; button.textContent = 'Starting\\u2026';
    fetch(api + '/audits', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ url: url, source: 'landing' })
    }).then(function (res) {
      return res.text().then(function (text) {
        var body = null;
        try { body = JSON.parse(text); } catch (e) {}
        if (res.ok && body && typeof body === 'object') { button.textContent = 'Running\\u2026'; follow(body); return; }
        showError(explain(res, body)); ready(); input.focus();
      });
    }).catch(function () {
      showError('Could not reach siteqa. Check your connection and try again.'); ready();
    });
  });
})();
`;
