// Works: pages log errors to the browser console; first-party errors are graded, third-party ones noted.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { auditTouchedUrls, isConsoleNoise } from './support/console_noise.js';
import { messageKey } from './support/messages.js';

export const meta: CheckMeta = {
  id: 'errors.console_error',
  section: 'works',
  severity: 'warning',
  title: 'Errors logged to the browser console',
  impact: 'Console errors mark something that failed while the page ran, often a feature that silently does not work.',
  docs: '/docs/checks/errors.console_error',
  requires: ['console', 'requests'],
  thresholds: { first_party_severity: 'warning', third_party_severity: 'info' },
};

interface Logged { key: string; text: string; source: string | null; party: 'first-party' | 'third-party'; page: string }

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const logged: Logged[] = [];
  for (const page of views.loadedPages) {
    const touched = auditTouchedUrls(evidence, page);
    const uncaught = new Set(page.page_errors.map((e) => e.message.trim()));
    for (const c of page.console) {
      if (c.type !== 'error' || !c.text.trim() || isConsoleNoise(c.text, c.url, touched, uncaught)) continue;
      // The line's source script decides the party; a line without one belongs to the page itself.
      const party = c.url && !views.isFirstParty(c.url) ? 'third-party' : 'first-party';
      logged.push({ key: messageKey(c.text), text: c.text, source: c.url, party, page: page.final_url });
    }
  }
  const drafts: FindingDraft[] = [];
  // One finding per party, listing each distinct message once: grades follow "the site logs errors",
  // not how chatty one script is.
  for (const party of ['first-party', 'third-party'] as const) {
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
      title: `${messages.length} distinct ${party} console error(s)`,
      evidence: { party, ...listed('messages', messages), ...listed('pages', pages) },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
