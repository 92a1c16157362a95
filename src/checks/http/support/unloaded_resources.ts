// Shared by http.srcset_broken and http.css_resource_broken: which checked references are gone,
// leaving out every URL a page actually requested (http.failed_resource judges those).
import type { EvidenceBundle, ResourceCheck } from '../../../evidence/types.js';
import { pathOf } from '../../../evidence/views.js';
import type { FindingDraft } from '../../types.js';
import { listed, normalizeUrl } from './lists.js';
import { guardedHosts, hostnameOf } from './net_errors.js';

/** Only "gone" is certain: 401/403 (bot gates, signed URLs), 429 and 5xx may work for a visitor. */
export const GONE = new Set([404, 410]);

/**
 * Checked references of the given kinds that answered 404/410 and that no page requested. A host the
 * guard refused is not judged, unless the answer came from elsewhere (a local copy's production file,
 * looked for on the copy: its final URL is there).
 */
export function goneResources(evidence: EvidenceBundle, kinds: readonly ResourceCheck['kind'][]): ResourceCheck[] {
  const requested = new Set(evidence.pages.flatMap((p) => p.requests.map((r) => normalizeUrl(r.url))));
  const guarded = guardedHosts(evidence.blocked);
  return (evidence.site.resource_checks ?? []).filter(
    (c) => kinds.includes(c.kind) && c.status !== null && GONE.has(c.status) && !requested.has(normalizeUrl(c.url)) && !guarded.has(hostnameOf(c.final_url ?? c.url)),
  );
}

/** One finding per missing URL, on the first page that refers to it. */
export function resourceDrafts(gone: ResourceCheck[], title: (c: ResourceCheck) => string): FindingDraft[] {
  return gone.map((c) => ({
    page: c.found_on[0],
    title: title(c),
    // By its address: icon-16.png and icon-32.png are two findings, whatever numbers the title loses.
    subject: c.url,
    evidence: {
      url: c.url,
      status: c.status,
      method: c.method,
      kind: c.kind,
      referenced_from: c.referenced_from,
      ...listed('found_on', c.found_on),
    },
  }));
}

export { pathOf };
