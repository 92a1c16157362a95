// The page at `/` (submit a URL, watch the run) and the page for an unknown share token.
import { SECTIONS } from '../checks/types.js';
import { SECTION_LABELS } from '../html/sections.js';
import { ASSET_PATHS, renderDocument } from '../html/chrome.js';
import { escapeHtml } from '../html/escape.js';

export { LANDING_JS } from './landing-script.js';

export function renderLandingHtml(opts: { apiBase: string }): string {
  const api = escapeHtml(opts.apiBase.replace(/\/+$/, ''));
  const features = SECTIONS.map(
    (s) => `<li><strong>${escapeHtml(SECTION_LABELS[s].name)}</strong>${escapeHtml(SECTION_LABELS[s].question)}</li>`,
  ).join('');
  const body =
    `<section class="hero" aria-labelledby="hero-title">` +
    `<h1 id="hero-title">Audit a website</h1>` +
    `<p>siteqa opens a public site in a real browser, records what happens, and grades it A–F on whether it works, is fast, can be found, is measured, is accessible and is compliant.</p>` +
    `<form class="audit-form" id="audit-form" data-api-base="${api}" novalidate>` +
    `<label for="audit-url">Website address</label>` +
    `<input id="audit-url" name="url" type="text" inputmode="url" autocomplete="url" autocapitalize="off" spellcheck="false" placeholder="https://example.com" required aria-describedby="audit-error">` +
    `<button class="btn" id="audit-submit" type="submit">Audit</button>` +
    `</form>` +
    `<p class="form-error" id="audit-error" role="alert"></p>` +
    `<noscript><p class="notice">This form needs JavaScript. Without it, start an audit through the API: <code>POST ${api}/audits</code> with the JSON body <code>{"url": "https://example.com"}</code>.</p></noscript>` +
    `</section>` +
    `<section class="panel" id="audit-progress" hidden aria-labelledby="audit-progress-title">` +
    `<h2 class="eyebrow" id="audit-progress-title">Progress</h2>` +
    `<p class="working"><span class="spinner" aria-hidden="true"></span><span id="audit-message" role="status">Starting the audit…</span></p>` +
    `<ol class="steps" id="audit-steps" aria-live="polite"><li>Audit submitted</li></ol>` +
    `<p class="small" id="audit-report" hidden>Your report will be at <a id="audit-report-link" href="/">this address</a>. It opens here when the audit finishes.</p>` +
    `</section>` +
    `<h2>What the report grades</h2>` +
    `<ul class="feature-list">${features}</ul>` +
    `<p class="muted small">Grades come from deterministic checks over recorded evidence: the same evidence always gives the same grades. There is no single overall number; each section stands on its own. Model opinions, when present, are labelled and never counted.</p>` +
    `<p class="small"><a href="/docs">What each check looks for</a> · <a href="${api}/docs">API documentation</a> for scripts and CI</p>`;
  return renderDocument({
    title: 'siteqa — audit a website',
    noindex: false,
    scripts: [ASSET_PATHS.landingJs],
    body,
  });
}

/** For `/r/<token>` when no run has that token: no hint whether the token ever existed. */
export function renderNotFoundHtml(): string {
  return renderDocument({
    title: 'Report not found — siteqa',
    noindex: true,
    body:
      `<h1>Report not found</h1>` +
      `<p class="muted">There is no report at this address. The link may be mistyped, or the report may have been removed.</p>` +
      `<p><a href="/">Start a new audit</a></p>`,
  });
}
