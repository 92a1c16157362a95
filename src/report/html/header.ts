// The top of every report page: the audited URL, the run status and the dates.
import { escapeHtml, externalLink } from '../../html/escape.js';
import type { Report } from '../build.js';
import { formatTimestamp, hostOf, statusClass, statusLabel } from './format.js';

/** `statusMarkup` lets the progress page give the badge an id its script updates. */
export function renderRunHeader(report: Report, statusMarkup?: string): string {
  const started = formatTimestamp(report.created_at);
  const finished = formatTimestamp(report.finished_at);
  const badge =
    statusMarkup ?? `<span class="badge ${statusClass(report.status)}">${escapeHtml(statusLabel(report.status))}</span>`;
  // A state reached by clicking at an unchanged address is a page seen twice, not another page.
  const states = (report.pages ?? []).filter((p) => p.reached_by?.after_click && p.reached_by.route === 'none').length;
  const pages = (report.pages?.length ?? 0) - states;
  const meta = [
    `<li>${badge}</li>`,
    started ? `<li>Started <time datetime="${escapeHtml(report.created_at)}">${escapeHtml(started)}</time></li>` : '',
    finished ? `<li>Finished <time datetime="${escapeHtml(report.finished_at)}">${escapeHtml(finished)}</time></li>` : '',
    pages ? `<li>${pages} ${pages === 1 ? 'page' : 'pages'} visited${states ? ` (and ${states} ${states === 1 ? 'state' : 'states'} reached by clicking)` : ''}</li>` : '',
    report.deploy?.sha ? `<li>Deploy <span class="mono">${escapeHtml(report.deploy.sha.slice(0, 12))}</span>${report.deploy.env ? ` to ${escapeHtml(report.deploy.env)}` : ''}</li>` : '',
  ].join('');
  return (
    `<header class="run-head"><p class="eyebrow">Website audit</p>` +
    `<h1>${escapeHtml(hostOf(report.url))}</h1>` +
    // A blocked URL (a private or malformed target) is never offered as a link.
    `<p class="audited-url">${report.status === 'blocked' ? `<span class="mono">${escapeHtml(report.url)}</span>` : externalLink(report.url, report.url, 'mono')}</p>` +
    `<ul class="meta-row">${meta}</ul></header>`
  );
}
