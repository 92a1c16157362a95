// The alert a monitor's run sends, as e-mail (text and HTML) and as a chat message: what happened,
// what changed in the words of the finding lifecycle ("2 new critical, 1 fixed"), and the report link.
import type { Report } from '../report/build.js';
import { describeChanges, type Changes } from '../report/follow.js';

export interface AlertMessage {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function alertMessage(report: Report, changes: Changes | null, reasons: string[], reportLink: string): AlertMessage {
  const host = (() => {
    try {
      return new URL(report.url).host;
    } catch {
      return report.url;
    }
  })();
  const subject = `siteqa: ${host} — ${reasons[0] ?? 'monitor run'}`;
  const changed = changes ? describeChanges(report, changes) : null;
  const deploy = report.deploy?.sha ? `Deploy ${report.deploy.sha.slice(0, 12)}${report.deploy.ref ? ` (${report.deploy.ref})` : ''}${report.deploy.env ? ` to ${report.deploy.env}` : ''}.` : null;
  const lines = [`The monitor of ${report.url} found:`, ...reasons.map((r) => `- ${r}`), ...(changed ? [`Since the last run: ${changed}.`] : []), ...(deploy ? [deploy] : []), '', `Report: ${reportLink}`];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px"><h1 style="font-size:18px">${esc(subject)}</h1>`
    + `<ul>${reasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>${changed ? `<p>Since the last run: ${esc(changed)}.</p>` : ''}${deploy ? `<p>${esc(deploy)}</p>` : ''}`
    + `<p><a href="${esc(reportLink)}">Open the report</a></p></body></html>`;
  return { subject, text: lines.join('\n'), html };
}
