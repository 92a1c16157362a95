// The page shown while a run is queued or running: live steps from the event stream, with a no-JS refresh fallback.
import { escapeHtml } from '../../html/escape.js';
import type { Report } from '../build.js';
import { statusClass, statusLabel } from './format.js';
import { renderRunHeader } from './header.js';

/** Seconds between reloads when scripts are off; the stream makes this unnecessary otherwise. */
export const NO_SCRIPT_REFRESH_SECONDS = 5;

/** Goes in <head>: inside <noscript> so it never interrupts the live stream when scripts run. */
export const PROGRESS_HEAD = `<noscript><meta http-equiv="refresh" content="${NO_SCRIPT_REFRESH_SECONDS}"></noscript>`;

export function renderProgressBody(report: Report, eventsUrl: string): string {
  const initial = report.status === 'running' ? ['Audit queued', 'Browser started'] : ['Audit queued'];
  const steps = initial.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return (
    renderRunHeader(report, `<span class="badge ${statusClass(report.status)}" id="run-status">${escapeHtml(statusLabel(report.status))}</span>`) +
    `<section class="panel" id="progress" data-events-url="${escapeHtml(eventsUrl)}" aria-labelledby="progress-title">` +
    `<h2 class="eyebrow" id="progress-title">Progress</h2>` +
    `<p class="working"><span class="spinner" aria-hidden="true"></span><span id="progress-message" role="status">Auditing the site in a real browser. This page updates itself and shows the report when it is ready.</span></p>` +
    `<ol class="steps" id="steps" aria-live="polite">${steps}</ol>` +
    `<noscript><p class="muted small">Scripts are off: this page reloads every ${NO_SCRIPT_REFRESH_SECONDS} seconds until the report is ready.</p></noscript>` +
    `</section>` +
    `<p class="muted small">An audit of ten pages usually takes well under a minute (at most two). You can close this page; the report stays at this address.</p>`
  );
}
