// The dashboard's script (served from ASSET_PATHS.appJs): keeps the pasted API key in sessionStorage,
// reads the workspace and its monitors with it, and connects Slack through the JSON variant of the
// install endpoint (a bearer call cannot be a plain link). Everything shown goes in as text.
export const APP_JS = `(function () {
  'use strict';
  var form = document.getElementById('key-form');
  if (!form || typeof fetch === 'undefined') return;
  var api = form.getAttribute('data-api-base') || '/api/v1';
  var STORE = 'siteqa.apiKey';
  var $ = function (id) { return document.getElementById(id); };
  var input = $('api-key'), keyError = $('key-error'), keySection = $('key-section'), dash = $('dash');
  var slackStatus = $('slack-status'), slackError = $('slack-error'), connect = $('slack-connect'), disconnect = $('slack-disconnect');
  var list = $('monitors'), note = $('monitors-note');

  function getKey() { try { return sessionStorage.getItem(STORE); } catch (e) { return null; } }
  function setKey(k) { try { if (k) sessionStorage.setItem(STORE, k); else sessionStorage.removeItem(STORE); } catch (e) { /* storage off: the key lives as long as the page */ } }
  function request(method, path, key) {
    return fetch(api + path, { method: method, headers: { authorization: 'Bearer ' + key, accept: 'application/json' }, credentials: 'omit', cache: 'no-store' })
      .then(function (res) {
        return res.text().then(function (t) { var body = null; try { body = t ? JSON.parse(t) : null; } catch (e) { /* not JSON */ } return { status: res.status, body: body }; });
      });
  }
  function hint(r) { return r.body && typeof r.body.hint === 'string' ? r.body.hint : 'The service answered ' + r.status + '.'; }
  function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function when(iso) { var d = iso ? new Date(iso) : null; return d && !isNaN(d.getTime()) ? d.toLocaleString() : 'never'; }
  function showDash(on) { dash.hidden = !on; keySection.hidden = on; }

  function renderSlack(s, enabled) {
    slackError.textContent = '';
    var live = s && s.connected;
    if (live) {
      slackStatus.textContent = 'Connected to ' + (s.team_name || s.team_id) + ': alerts go to #' + (s.channel_name || s.channel_id) + '.' +
        (enabled === false ? ' Slack alerts are turned off (slack_alerts_enabled is false).' : '');
    } else {
      var why = s && s.disconnected_reason && s.disconnected_reason !== 'disconnected' ? ' Slack stopped accepting the last connection (' + s.disconnected_reason + '); connect again to get alerts there.' : '';
      slackStatus.textContent = 'Not connected. Alerts go by e-mail only.' + why;
    }
    connect.hidden = !!live;
    disconnect.hidden = !live;
  }

  function monitorItem(m, key) {
    var li = el('li');
    var badge = el('span');
    function setBadge(status, label) { badge.className = 'badge outcome status-' + (/^(succeeded|failed|blocked|timeout|queued|running)$/.test(status) ? status : 'other'); badge.textContent = label; }
    setBadge(m.last_run_status, m.last_run_status || 'no run yet');
    li.appendChild(badge);
    var text = el('span', 'path');
    text.appendChild(el('strong', null, m.url));
    text.appendChild(el('span', 'small muted', ' · ' + m.cadence + ' · ' + m.status + (m.paused_reason ? ' (' + m.paused_reason + ')' : '') + ' · last run ' + when(m.last_run_at)));
    li.appendChild(text);
    request('GET', '/monitors/' + encodeURIComponent(m.id), key).then(function (r) {
      var run = r.status === 200 && r.body && r.body.recent_runs && r.body.recent_runs[0];
      if (!run || typeof run.report_url !== 'string' || !/^\\/r\\//.test(run.report_url)) return;
      if (typeof run.status === 'string') setBadge(run.status, run.status); // the latest run, finished or not
      var a = el('a', 'small', 'Report');
      a.href = run.report_url;
      a.setAttribute('aria-label', 'Latest report for ' + m.url);
      li.appendChild(a);
    }).catch(function () { /* the row stays without its link */ });
    return li;
  }

  function loadMonitors(key) {
    list.textContent = '';
    note.hidden = true;
    return request('GET', '/monitors', key).then(function (r) {
      if (r.status !== 200) { note.textContent = hint(r); note.hidden = false; return; }
      var ms = (r.body && r.body.monitors) || [];
      if (!ms.length) { note.textContent = 'No monitors yet. Create one with POST ' + api + '/monitors.'; note.hidden = false; return; }
      ms.slice(0, 50).forEach(function (m) { list.appendChild(monitorItem(m, key)); });
    });
  }

  function open(key) {
    keyError.textContent = '';
    return request('GET', '/workspaces/current', key).then(function (r) {
      if (r.status === 401) {
        setKey(null); showDash(false);
        input.setAttribute('aria-invalid', 'true');
        keyError.textContent = 'This key is not valid (mistyped, rotated or never issued).';
        return;
      }
      if (r.status !== 200) { keyError.textContent = hint(r); return; }
      setKey(key);
      input.value = '';
      input.setAttribute('aria-invalid', 'false');
      $('ws-name').textContent = r.body.display_name || r.body.owner_email;
      $('ws-tier').textContent = '(' + r.body.tier + ' tier)';
      renderSlack(r.body.slack, r.body.slack_alerts_enabled);
      showDash(true);
      return loadMonitors(key);
    }).catch(function () { keyError.textContent = 'The service could not be reached. Try again.'; });
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    var key = input.value.trim();
    if (!key) { input.setAttribute('aria-invalid', 'true'); keyError.textContent = 'Paste the API key (sqa_live_…) that POST ' + api + '/workspaces returned.'; return; }
    open(key);
  });
  $('key-forget').addEventListener('click', function (ev) {
    ev.preventDefault();
    setKey(null); showDash(false); list.textContent = ''; input.focus();
  });
  connect.addEventListener('click', function () {
    var key = getKey();
    if (!key) return;
    connect.disabled = true;
    request('GET', '/integrations/slack/install?format=json', key).then(function (r) {
      var url = r.status === 200 && r.body && typeof r.body.url === 'string' && /^https?:\\/\\//.test(r.body.url) ? r.body.url : null;
      if (url) { location.assign(url); return; }
      connect.disabled = false;
      slackError.textContent = hint(r);
    }).catch(function () { connect.disabled = false; slackError.textContent = 'The service could not be reached. Try again.'; });
  });
  disconnect.addEventListener('click', function () {
    var key = getKey();
    if (!key) return;
    disconnect.disabled = true;
    request('DELETE', '/integrations/slack', key).then(function (r) {
      disconnect.disabled = false;
      if (r.status !== 204) { slackError.textContent = hint(r); return; }
      return open(key);
    }).catch(function () { disconnect.disabled = false; slackError.textContent = 'The service could not be reached. Try again.'; });
  });

  var saved = getKey();
  if (saved) open(saved);
})();
`;
