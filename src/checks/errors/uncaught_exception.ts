// Works: page scripts threw errors nobody caught; each distinct error is reported once with its pages.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { refusedByAudit } from '../http/support/outcome.js';
import { messageKey, topFrameUrl } from './support/messages.js';

export const meta: CheckMeta = {
  id: 'errors.uncaught_exception',
  section: 'works',
  severity: 'warning',
  title: 'Uncaught JavaScript error',
  impact: 'An uncaught error stops the script that threw it, so menus, forms or widgets it drives may not work.',
  docs: '/docs/checks/errors.uncaught_exception',
  requires: ['pages', 'console'],
  optional: ['requests'],
  thresholds: { first_party_severity: 'warning', third_party_severity: 'info', after_a_passing_network_fault: 'info', on_a_page_whose_script_the_audit_refused: 'info' },
};

// The browser's own notice that a ResizeObserver callback was deferred; not an error in any script.
const BENIGN = /^ResizeObserver loop (limit exceeded|completed with undelivered notifications)/;
/** How browsers and the common clients word a request that got no answer (Chromium, Firefox, Safari, axios). */
const FETCH_FAILED = /^(?:Uncaught (?:\(in promise\) )?)?(?:TypeError: )?(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network Error)$/;

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const errors: { key: string; message: string; stack: string | null; page: string; clicks: string[] | null; passingFault: string | null; refused: string[]; refusedKind: 'script' | 'request' }[] = [];
  for (const page of views.loadedPages) {
    // A file that failed here without an answer but loaded elsewhere was a passing network fault (see
    // http.failed_resource): an error that only reports it ("Loading chunk 9455 failed. (error:
    // …/9455.js)") is its consequence, not a bug in the script.
    const passingFaults = views.subresources(page).filter((r) => r.status === null && r.failure !== null && views.loadedUrls.has(r.url)).map((r) => r.url);
    // A script the audit's own guard refused (allowlist-only…) never ran here, while a visitor's browser
    // runs it: what the page throws without it ("hljs is not defined") is the audit's doing, not the site's.
    const refused = views.subresources(page).filter((r) => r.resource_type === 'script' && refusedByAudit(r, page, evidence.blocked)).map((r) => r.url);
    // Likewise a fetch the guard refused: the page's unhandled "Failed to fetch" is that refusal, as long
    // as no other call of the page failed on its own (then the error may be the site's).
    const calls = views.subresources(page).filter((r) => (r.resource_type === 'fetch' || r.resource_type === 'xhr') && !r.beacon_stubbed);
    const refusedCalls = calls.filter((r) => refusedByAudit(r, page, evidence.blocked)).map((r) => r.url);
    // Any other request that failed on its own (a call, a script or module chunk that 404s) may be what threw.
    const ownFailure = calls.some((r) => r.status === null && r.failure !== null && !refusedCalls.includes(r.url))
      || views.subresources(page).some((r) => r.resource_type === 'script' && !refusedByAudit(r, page, evidence.blocked) && ((r.status !== null && r.status >= 400) || (r.status === null && r.failure !== null)));
    for (const e of page.page_errors) {
      const message = e.message?.trim() ?? '';
      if (!message || BENIGN.test(message)) continue;
      const refusedCall = !refused.length && FETCH_FAILED.test(message) && !ownFailure && refusedCalls.length > 0;
      // Thrown after clicks no link leads to (a client-only state): the clicks are how to reproduce it.
      const clicks = page.reached_by?.after_click ? page.reached_by.clicks : null;
      const passingFault = passingFaults.find((u) => message.includes(u)) ?? null;
      errors.push({ key: messageKey(message), message, stack: e.stack, page: page.final_url, clicks, passingFault, refused: refusedCall ? refusedCalls : refused, refusedKind: refusedCall ? 'request' : 'script' });
    }
  }
  const drafts: FindingDraft[] = [];
  for (const group of groupBy(errors, (e) => e.key).values()) {
    const first = group[0]!;
    const source = topFrameUrl(first.stack);
    // An error thrown inside a third party's script is theirs to fix; it is reported, not graded.
    const thirdParty = source !== null && !views.isFirstParty(source);
    const pages = unique(group.map((e) => e.page));
    const afterFault = group.every((e) => e.passingFault !== null);
    const afterRefusal = !afterFault && group.every((e) => e.passingFault !== null || e.refused.length > 0);
    const refusedKind = group.some((e) => e.refused.length && e.refusedKind === 'script') ? 'script' : 'request';
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity: thirdParty || afterFault || afterRefusal ? 'info' : 'warning',
      title: `Uncaught error${thirdParty ? ' in a third-party script' : afterFault ? ' after a file failed once to load' : afterRefusal ? ` where the audit's URL guard refused a ${refusedKind}` : ''}: ${clip(first.message, 120)}`,
      evidence: {
        ...(afterFault ? { failed_once: unique(group.map((e) => e.passingFault!)) } : {}),
        ...(afterRefusal ? { [refusedKind === 'script' ? 'refused_scripts' : 'refused_requests']: unique(group.flatMap((e) => e.refused)).slice(0, 10) } : {}),
        message: clip(first.message),
        source,
        party: source === null ? 'unknown' : thirdParty ? 'third-party' : 'first-party',
        stack: first.stack ? first.stack.split('\n').slice(0, 6).join('\n') : null,
        occurrences: group.length,
        ...listed('pages', pages),
        ...(group.some((e) => e.clicks) ? { after_clicking: unique(group.filter((e) => e.clicks).map((e) => `${e.page} → ${e.clicks!.map((c) => `“${c}”`).join(' → ')}`)) } : {}),
      },
    });
  }
  return drafts;
}

export const check: Check = { meta, run };
