// The alert as a Slack message (mrkdwn): the same words as the e-mail — what happened, what changed
// in the finding lifecycle's words ("2 new critical, 1 fixed"), the deploy — and the report link.
import type { Report } from '../report/build.js';
import { describeChanges, type Changes } from '../report/follow.js';

/** Slack's three control characters; everything else in mrkdwn text is literal enough. */
export const slackEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackAlertText(report: Report, changes: Changes | null, reasons: string[], reportLink: string): string {
  const host = (() => {
    try {
      return new URL(report.url).host;
    } catch {
      return report.url;
    }
  })();
  const changed = changes ? describeChanges(report, changes) : null;
  const deploy = report.deploy?.sha ? `Deploy \`${slackEscape(report.deploy.sha.slice(0, 12))}\`${report.deploy.ref ? ` (${slackEscape(report.deploy.ref)})` : ''}${report.deploy.env ? ` to ${slackEscape(report.deploy.env)}` : ''}.` : null;
  // A link's URL may not hold `|` or `>`: the report URL is ours (base + /r/<token>), percent-encode to be sure.
  const href = reportLink.replace(/[|<>]/g, encodeURIComponent);
  return [
    `*siteqa: ${slackEscape(host)}* — ${slackEscape(reasons[0] ?? 'monitor run')}`,
    ...reasons.map((r) => `• ${slackEscape(r)}`),
    ...(changed ? [`Since the last run: ${slackEscape(changed)}.`] : []),
    ...(deploy ? [deploy] : []),
    `<${href}|Open the report>`,
  ].join('\n');
}
