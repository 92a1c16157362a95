// What an `expect_no_errors` step counts as the page's errors, decided by code: uncaught exceptions
// and unhandled rejections (the browser reports both as page errors), responses of 500 or more from
// the flow's own site (same registrable domain as its start URL; a third party's outage is not the
// site's regression), and — only when the step asks — console errors. A failed load's console line
// ("Failed to load resource") is not counted twice: the response itself is. Pure: the page session's
// logs go in, one line per error comes out.
import type { Happened } from '../capture/session/page-session.js';
import { domainOf } from '../evidence/views.js';

export interface PageErrorRule {
  /** The flow's start URL: whose 5xx answers count. */
  siteUrl: string;
  /** Console errors count too. */
  console: boolean;
}

export interface PageError {
  kind: 'uncaught_exception' | 'server_error' | 'console_error';
  /** What happened, as the failure message shows it. */
  text: string;
}

export function pageErrorsIn(happened: Pick<Happened, 'requests' | 'console' | 'page_errors'>, rule: PageErrorRule): PageError[] {
  const site = domainOf(rule.siteUrl);
  const out: PageError[] = [];
  for (const e of happened.page_errors) out.push({ kind: 'uncaught_exception', text: `uncaught exception “${oneLine(e.message, 200)}”` });
  for (const r of happened.requests) {
    if (r.status === null || r.status < 500 || r.response_headers['x-siteqa-dry-run']) continue;
    if (site === null || domainOf(r.url) !== site) continue;
    out.push({ kind: 'server_error', text: `${r.method} ${r.url.slice(0, 200)} answered ${r.status}` });
  }
  if (rule.console) {
    for (const c of happened.console) {
      if (c.type === 'error' && !/^Failed to load resource/.test(c.text)) out.push({ kind: 'console_error', text: `console error “${oneLine(c.text, 200)}”` });
    }
  }
  return out;
}

/** The failure message: how many, since when, and the first few in full. */
export function describePageErrors(errors: PageError[], since: string): string {
  const shown = errors.slice(0, 3).map((e) => e.text).join('; ');
  const more = errors.length > 3 ? `; and ${errors.length - 3} more` : '';
  return `${errors.length} error${errors.length === 1 ? '' : 's'} on the page since ${since}: ${shown}${more}`;
}

const oneLine = (s: string, max: number) => s.replace(/\s+/g, ' ').trim().slice(0, max);
