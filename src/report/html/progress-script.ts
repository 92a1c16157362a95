// The progress page's script, served from ASSET_PATHS.reportJs so the page needs no inline script under a strict CSP.
import { PROGRESS_STREAM_JS } from '../../html/progress-stream-script.js';

export const REPORT_PAGE_JS = `(function () {
  'use strict';
${PROGRESS_STREAM_JS}
  var root = document.getElementById('progress');
  if (!root) return;
  var url = root.getAttribute('data-events-url');
  var message = document.getElementById('progress-message');
  var badge = document.getElementById('run-status');
  function say(text) { if (message) message.textContent = text; }
  function reloadIn(ms) { setTimeout(function () { location.reload(); }, ms); }
  if (!url || typeof EventSource === 'undefined') { reloadIn(5000); return; }
  siteqaFollow({
    url: url,
    list: document.getElementById('steps'),
    onStatus: function (text) { if (badge) badge.textContent = text; },
    onEnd: function () {
      say('Audit finished. Loading the report\\u2026');
      // If the reload lands on this page again (report not stored yet), back off instead of spinning.
      var key = 'siteqa-reload:' + location.pathname, tries = 0;
      try { tries = Number(sessionStorage.getItem(key) || 0); sessionStorage.setItem(key, String(tries + 1)); } catch (e) {}
      reloadIn(Math.min(250 * Math.pow(2, tries), 15000));
    },
    onLost: function () { say('Lost the live progress stream; reloading shortly\\u2026'); reloadIn(5000); }
  });
})();
`;
