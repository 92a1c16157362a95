// Works: pages log errors to the browser console; first-party errors are graded, third-party ones noted.
import { LOAD_EVENT } from './support/load-event.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isBeaconUrl } from '../../evidence/vendors.js';
import { refusedByAudit } from '../http/support/outcome.js';
import { matchScript } from '../../evidence/vendors.js';
import { auditTouchedUrls, isConsoleNoise } from './support/console_noise.js';
import { messageKey, urlsIn } from './support/messages.js';

export const meta: CheckMeta = {
  id: 'errors.console_error',
  section: 'works',
  severity: 'warning',
  title: 'Errors logged to the browser console',
  impact: 'Console errors mark something that failed while the page ran, often a feature that silently does not work.',
  docs: '/docs/checks/errors.console_error',
  requires: ['console', 'requests'],
  thresholds: { first_party_severity: 'warning', third_party_severity: 'info', after_refused_data_request: 'info (not verified)', load_event_after_refused_script: 'info (not verified)' },
};

type Kind = 'first-party' | 'third-party' | 'not-verified';
/** A failed load's event logged as it is: Chromium prints an Event object as "Event" ("[object Event]" as a string). */
interface Logged { key: string; text: string; source: string | null; party: Kind; page: string }

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const logged: Logged[] = [];
  for (const page of views.loadedPages) {
    const touched = auditTouchedUrls(evidence, page);
    const uncaught = new Set(page.page_errors.map((e) => e.message.trim()));
    // Data requests (fetch/XHR, not a measurement beacon) the audit refused or could not send, whatever
    // their host: an app whose data lives elsewhere (raw.githubusercontent.com) reports such a failure in
    // its own words ("ERROR vp", "HttpErrorResponse"), naming no address. The run does not record which
    // script sent a request, so a widget's refused call counts too; this only happens where the audit
    // refuses (allowlist-only, no internet access).
    const dataRefused = page.requests.some((r) => (r.resource_type === 'xhr' || r.resource_type === 'fetch') && !isBeaconUrl(r.url) && refusedByAudit(r, page, evidence.blocked, views.offline));
    // A script or stylesheet the audit refused: a loader that logs the failed load's event ("Event",
    // "[object Event]": a theme's useScriptTag rejecting for a refused icon script) reports the refusal.
    const partRefused = page.requests.some((r) => (r.resource_type === 'script' || r.resource_type === 'stylesheet') && !matchScript(r.url) && refusedByAudit(r, page, evidence.blocked, views.offline));
    for (const c of page.console) {
      if (c.type !== 'error' || !c.text.trim() || isConsoleNoise(c.text, c.url, touched, uncaught)) continue;
      // The line's source script decides the party; a line without one belongs to the page itself.
      const refusedReport = (dataRefused && urlsIn(c.text).length === 0) || (partRefused && LOAD_EVENT.test(c.text.trim()));
      const party: Kind = refusedReport ? 'not-verified' : c.url && !views.isFirstParty(c.url) ? 'third-party' : 'first-party';
      logged.push({ key: messageKey(c.text), text: c.text, source: c.url, party, page: page.final_url });
    }
  }
  const drafts: FindingDraft[] = [];
  // One finding per party, listing each distinct message once: grades follow "the site logs errors",
  // not how chatty one script is.
  for (const party of ['first-party', 'third-party', 'not-verified'] as const) {
    const ofParty = logged.filter((l) => l.party === party);
    if (!ofParty.length) continue;
    const messages = [...groupBy(ofParty, (l) => l.key).values()].map((g) => ({
      message: clip(g[0]!.text),
      source: g[0]!.source,
      occurrences: g.length,
      ...listed('pages', unique(g.map((l) => l.page)), 5),
    }));
    const pages = unique(ofParty.map((l) => l.page));
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity: party === 'first-party' ? 'warning' : 'info',
      title: party === 'not-verified'
        ? `${messages.length} distinct console error(s) on pages whose requests the audit refused or could not send (not verified: likely the app reporting those)`
        : `${messages.length} distinct ${party} console error(s)`,
      evidence: { party, ...listed('messages', messages), ...listed('pages', pages) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
