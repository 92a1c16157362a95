// The dashboard at `/app`: paste a workspace API key (kept in this tab's sessionStorage, never in
// the address), then see the monitors with their last run and report, and connect Slack. The Slack
// callback lands here with `?slack=connected|denied|error`, which the page says in words, server-side.
import { ASSET_PATHS, renderDocument } from '../../html/chrome.js';
import { escapeHtml } from '../../html/escape.js';

export type SlackOutcome = 'connected' | 'denied' | 'error';

const OUTCOMES: Record<SlackOutcome, { title: string; text: string; cls: string }> = {
  connected: { title: 'Slack is connected', text: 'Monitor alerts will be posted to the channel you chose, as well as e-mailed. Turn them off with slack_alerts_enabled: false, or disconnect below.', cls: 'panel' },
  denied: { title: 'Slack was not connected', text: 'The request was cancelled on the Slack screen, so nothing changed. You can connect again at any time.', cls: 'notice' },
  error: { title: 'Slack could not be connected', text: 'The connection link had expired or was already used, or Slack refused it. Nothing changed: choose Connect Slack again to start over.', cls: 'notice' },
};

/** The `slack` query word, if it is one the page knows; anything else is ignored. */
export function slackOutcomeOf(raw: unknown): SlackOutcome | null {
  return raw === 'connected' || raw === 'denied' || raw === 'error' ? raw : null;
}

export function renderAppHtml(opts: { apiBase: string; slack: SlackOutcome | null }): string {
  const api = escapeHtml(opts.apiBase.replace(/\/+$/, ''));
  const outcome = opts.slack ? OUTCOMES[opts.slack] : null;
  const body =
    `<h1>Dashboard</h1>` +
    (outcome
      ? `<section class="${outcome.cls}" id="slack-outcome" data-outcome="${opts.slack}" role="status" aria-labelledby="slack-outcome-title">` +
        `<h2 class="eyebrow" id="slack-outcome-title">${escapeHtml(outcome.title)}</h2><p>${escapeHtml(outcome.text)}</p></section>`
      : '') +
    `<section id="key-section" aria-labelledby="key-title">` +
    `<h2 id="key-title">Your workspace</h2>` +
    `<form class="audit-form" id="key-form" data-api-base="${api}" novalidate>` +
    `<label for="api-key">Workspace API key</label>` +
    `<input id="api-key" name="api_key" type="password" autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="sqa_live_…" required aria-describedby="key-help key-error">` +
    `<button class="btn" id="key-submit" type="submit">Open</button>` +
    `</form>` +
    `<p class="small muted" id="key-help">The key stays in this browser tab (session storage) and goes only to this site's API, in the Authorization header; it is never put in the address. Closing the tab forgets it.</p>` +
    `<p class="form-error" id="key-error" role="alert"></p>` +
    `</section>` +
    `<div id="dash" hidden>` +
    `<p class="small">Workspace <strong id="ws-name"></strong> <span class="muted" id="ws-tier"></span> · <a href="#" id="key-forget" role="button">Forget the key</a></p>` +
    `<section aria-labelledby="slack-title"><h2 id="slack-title">Slack</h2>` +
    `<div class="panel"><p id="slack-status" role="status">Loading…</p>` +
    `<p><button class="btn" id="slack-connect" type="button" hidden>Connect Slack</button> <button class="btn" id="slack-disconnect" type="button" hidden>Disconnect Slack</button></p>` +
    `<p class="form-error" id="slack-error" role="alert"></p></div></section>` +
    `<section aria-labelledby="monitors-title"><h2 id="monitors-title">Monitors</h2>` +
    `<p class="empty" id="monitors-note" hidden></p>` +
    `<ul class="pages" id="monitors" aria-live="polite"></ul></section>` +
    `</div>` +
    `<noscript><p class="notice">This dashboard needs JavaScript. Without it, use the API: <code>GET ${api}/monitors</code> and <code>GET ${api}/workspaces/current</code> with your key, and <code>GET ${api}/integrations/slack/install</code> to connect Slack.</p></noscript>`;
  return renderDocument({ title: 'Dashboard — siteqa', noindex: true, scripts: [ASSET_PATHS.appJs], body });
}
