// Works: page scripts threw errors nobody caught; each distinct error is reported once with its pages.
import type { EvidenceBundle, PageEvidence, RequestRecord } from '../../evidence/types.js';
import { urlIdentity } from '../../evidence/url-identity.js';
import type { EvidenceViews } from '../../evidence/views.js';
import { clip, groupBy, listed, unique } from '../http/support/lists.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { refusedByAudit } from '../http/support/outcome.js';
import { isReactHydrationError, messageKey, topFrameUrl } from './support/messages.js';
import { LOAD_EVENT } from './support/load-event.js';
import { namesFailedScript, refusedScriptExplains } from './support/missing-names.js';

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
/**
 * A script that cannot be parsed: its own text is wrong ("Invalid or unexpected token" for a `&#038;&#038;`
 * an HTML filter wrote into an inline script), whatever else failed to load on the page.
 */
const SYNTAX_ERROR = /^SyntaxError\b|^(?:Uncaught )?(?:SyntaxError: )?(?:Invalid or unexpected token|Unexpected (?:token|identifier|end of input|string|number|strict mode reserved word)|missing \) after argument list|Unterminated (?:string|template|regular expression)|Invalid regular expression|Invalid left-hand side|Identifier '[^']*' has already been declared)/;
/**
 * What a page throws when a script it relies on never ran: a global that is not there ("$ is not
 * defined", "hljs is not defined"), or something of it that is undefined. Not a null dereference
 * ("Cannot read properties of null"): that is an element the page looked for and did not find.
 */
const MISSING_DEPENDENCY = /is not defined|is not a (?:function|constructor)|of undefined\b|undefined is not an? (?:object|function)|is undefined\b|Cannot access '[^']*' before initialization/i;
/** How browsers and the common clients word a request that got no answer (Chromium, Firefox, Safari, axios). */
const FETCH_FAILED = /^(?:Uncaught (?:\(in promise\) )?)?(?:TypeError: )?(?:Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|Network Error)$/;

type Refusal = { kind: 'script' | 'request'; urls: string[] };

/**
 * The requests of the document a page record shows. A state reached by clicking in the same document
 * (the address unchanged, or changed by the app's pushState) recorded only what happened after the
 * click: the document's own load (its scripts, refused or not) is the page it was reached from.
 */
function documentRequests(page: PageEvidence, views: EvidenceViews): RequestRecord[] {
  const own = views.subresources(page);
  const by = page.reached_by;
  if (!by?.after_click || by.route === 'navigation') return own;
  const from = views.loadedPages.find((p) => p !== page && urlIdentity(p.final_url) === urlIdentity(by.from));
  return from ? [...views.subresources(from), ...own] : own;
}

/**
 * What the audit's own guard refused on a page that can explain an error there, by message. A script it
 * refused never ran here, while a visitor's browser runs it: what the page throws without it ("hljs is
 * not defined") is the audit's doing. A call it refused explains an unhandled "Failed to fetch", as long
 * as no other request of the page (a call, a script or module chunk) failed on its own.
 */
function refusalsOn(page: PageEvidence, views: EvidenceViews, evidence: EvidenceBundle): (message: string, stack: string | null) => Refusal | null {
  const resources = documentRequests(page, views);
  const refused = (r: RequestRecord) => refusedByAudit(r, page, evidence.blocked, views.offline);
  const isCall = (r: RequestRecord) => (r.resource_type === 'fetch' || r.resource_type === 'xhr') && !r.beacon_stubbed;
  const scripts = resources.filter((r) => r.resource_type === 'script' && refused(r)).map((r) => r.url);
  const calls = resources.filter((r) => isCall(r) && refused(r)).map((r) => r.url);
  const scriptFailed = (r: RequestRecord) => r.resource_type === 'script' && ((r.status !== null && r.status >= 400) || (r.status === null && r.failure !== null));
  const failedAlone = resources.some((r) => !refused(r) && ((isCall(r) && r.status === null && r.failure !== null) || scriptFailed(r)));
  // A script of the site's own that failed by itself and is named by what the error misses (typed.js
  // answering 404, then "Typed is not defined") is the reason, whatever else was refused.
  const ownFailed = resources.filter((r) => !refused(r) && scriptFailed(r) && views.isFirstParty(r.url)).map((r) => r.url);
  return (message, stack) => SYNTAX_ERROR.test(message) || SYNTAX_ERROR.test(stack ?? '') ? null
    : scripts.length && !namesFailedScript(ownFailed, message) && ((MISSING_DEPENDENCY.test(message) && refusedScriptExplains(scripts, message, ownFailed.length > 0)) || FETCH_FAILED.test(message) || (LOAD_EVENT.test(message) && !failedAlone)) ? { kind: 'script', urls: scripts }
    : calls.length && !failedAlone && FETCH_FAILED.test(message) ? { kind: 'request', urls: calls } : null;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const errors: { key: string; message: string; stack: string | null; page: string; clicks: string[] | null; passingFault: string | null; refusal: Refusal | null }[] = [];
  for (const page of views.loadedPages) {
    // A file that failed here without an answer but loaded elsewhere was a passing network fault (see
    // http.failed_resource): an error that only reports it ("Loading chunk 9455 failed. (error:
    // …/9455.js)") is its consequence, not a bug in the script.
    const passingFaults = views.subresources(page).filter((r) => r.status === null && r.failure !== null && views.loadedUrls.has(r.url)).map((r) => r.url);
    const refusalFor = refusalsOn(page, views, evidence);
    for (const e of page.page_errors) {
      const message = e.message?.trim() ?? '';
      if (!message || BENIGN.test(message)) continue;
      // Thrown after clicks no link leads to (a client-only state): the clicks are how to reproduce it.
      const clicks = page.reached_by?.after_click ? page.reached_by.clicks : null;
      const passingFault = passingFaults.find((u) => message.includes(u)) ?? null;
      // React's hydration errors come in a chain (#418, then #423) for one mismatch: one key for all.
      const key = isReactHydrationError(message) ? 'react hydration' : messageKey(message);
      errors.push({ key, message, stack: e.stack, page: page.final_url, clicks, passingFault, refusal: refusalFor(message, e.stack) });
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
    const afterRefusal = !afterFault && group.every((e) => e.passingFault !== null || e.refusal !== null);
    const refusedKind = group.some((e) => e.refusal?.kind === 'script') ? 'script' : 'request';
    const hydration = first.key === 'react hydration';
    const said = hydration ? `React hydration mismatch: the page's HTML differs from what its components render in the browser, so React renders it again (${clip(first.message, 60)})` : clip(first.message, 120);
    drafts.push({
      page: pages.length === 1 ? pages[0] : undefined,
      severity: thirdParty || afterFault || afterRefusal ? 'info' : 'warning',
      title: `Uncaught error${thirdParty ? ' in a third-party script' : afterFault ? ' after a file failed once to load' : afterRefusal ? ` where ${views.offline ? "the audit's machine (no internet access) could not load" : "the audit's URL guard refused"} a ${refusedKind}` : ''}: ${said}`,
      evidence: {
        ...(afterFault ? { failed_once: unique(group.map((e) => e.passingFault!)) } : {}),
        ...(afterRefusal ? { [refusedKind === 'script' ? 'refused_scripts' : 'refused_requests']: unique(group.flatMap((e) => e.refusal?.urls ?? [])).slice(0, 10) } : {}),
        message: clip(first.message),
        ...(hydration ? { kind: 'react_hydration', messages: unique(group.map((e) => clip(e.message, 160))).slice(0, 5) } : {}),
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
