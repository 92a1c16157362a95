// The two report emails as plain text and HTML: the report now (grades and a link), and the
// 7-day re-check (grades changed, findings new and fixed). Pure: data in, message out.
import { SECTIONS } from '../checks/types.js';
import type { Report } from '../report/build.js';
import type { ReportDiff } from './diff.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailLinks {
  report: string;
  unsubscribe: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const LABEL: Record<string, string> = { works: 'Works', fast: 'Fast', found: 'Found', measured: 'Measured', accessible: 'Accessible', compliant: 'Compliant' };

function gradeLines(report: Report): string[] {
  if (!report.sections) return [`No grades: the run ended as ${report.status}${report.failure_reason ? ` (${report.failure_reason})` : ''}.`];
  return SECTIONS.map((s) => `${LABEL[s]}: ${report.sections![s].grade}`);
}

function wrapHtml(title: string, body: string, links: MailLinks): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;max-width:560px">`
    + `<h1 style="font-size:20px">${esc(title)}</h1>${body}`
    + `<p><a href="${esc(links.report)}">Open the full report</a></p>`
    + `<p style="color:#666;font-size:12px">You asked for this report and one re-check a week later; that is all we send. `
    + `<a href="${esc(links.unsubscribe)}">Unsubscribe</a></p></body></html>`;
}

const footer = (links: MailLinks) => `\nFull report: ${links.report}\n\nYou asked for this report and one re-check a week later; that is all we send.\nUnsubscribe: ${links.unsubscribe}\n`;

export function reportEmail(to: string, report: Report, links: MailLinks): MailMessage {
  const title = `Your siteqa report for ${report.url}`;
  const lines = gradeLines(report);
  const text = `${title}\n\n${lines.join('\n')}\n\nWe will re-check the site in 7 days and send you what changed.\n${footer(links)}`;
  const html = wrapHtml(title, `<ul>${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul><p>We will re-check the site in 7 days and send you what changed.</p>`, links);
  return { to, subject: title, text, html };
}

export function recheckEmail(to: string, after: Report, diff: ReportDiff, links: MailLinks): MailMessage {
  const title = `7-day re-check of ${after.url}`;
  const changed = diff.grades_changed.length
    ? diff.grades_changed.map((g) => `${LABEL[g.section]}: ${g.before ?? '–'} → ${g.after ?? '–'}`)
    : ['No grade changed.'];
  const item = (f: ReportDiff['findings_new'][number]) => `[${f.severity}] ${f.title}${f.page ? ` (${f.page})` : ''}`;
  const fresh = diff.findings_new.map(item);
  const fixed = diff.findings_fixed.map(item);
  const block = (h: string, xs: string[]) => (xs.length ? `${h}\n${xs.map((x) => `- ${x}`).join('\n')}\n` : `${h}\nnone\n`);
  const text = `${title}\n\nGrades now:\n${gradeLines(after).join('\n')}\n\nGrades changed:\n${changed.join('\n')}\n\n${block('New findings:', fresh)}\n${block('Fixed findings:', fixed)}${footer(links)}`;
  const list = (xs: string[]) => (xs.length ? `<ul>${xs.map((x) => `<li>${esc(x)}</li>`).join('')}</ul>` : '<p>none</p>');
  const html = wrapHtml(title, `<h2 style="font-size:16px">Grades now</h2>${list(gradeLines(after))}<h2 style="font-size:16px">Grades changed</h2>${list(changed)}`
    + `<h2 style="font-size:16px">New findings</h2>${list(fresh)}<h2 style="font-size:16px">Fixed findings</h2>${list(fixed)}`, links);
  return { to, subject: title, text, html };
}
