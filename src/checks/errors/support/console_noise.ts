// Console lines that are not the site's own errors: echoes of problems other checks report, the
// audit's own interventions, and browser notices about harmless header quirks.
import type { EvidenceBundle, PageEvidence } from '../../../evidence/types.js';
import { normalizeUrl } from '../../http/support/lists.js';
import { urlsIn } from './messages.js';

const NOISE: RegExp[] = [
  // One line per failed request; http.failed_resource judges those (or excludes them on purpose).
  /^Failed to load resource\b/i,
  // Reported by http.mixed_content.
  /^Mixed Content:/,
  // Report-only policies enforce nothing; the line is a note to the site's developers.
  /^\[Report Only\]/,
  // Unknown or retired feature names in Permissions-Policy are ignored by the browser, nothing breaks.
  /^Error with Permissions-Policy header/i,
  /^The Cross-Origin-Opener-Policy header has been ignored/i,
  // Our browser runs without a GPU; WebGL fallbacks log these.
  /^\[\.WebGL-|GroupMarkerNotSet|GPU stall due to ReadPixels/,
  /net::ERR_BLOCKED_BY_CLIENT/,
  /favicon\.ico/i,
];

/** URLs the audit itself interfered with: refused by our guard or answered locally as beacons. */
export function auditTouchedUrls(evidence: EvidenceBundle, page: PageEvidence): Set<string> {
  const urls = new Set<string>();
  for (const b of evidence.blocked) urls.add(normalizeUrl(b.url));
  for (const r of page.requests) if (r.blocked || r.beacon_stubbed) urls.add(normalizeUrl(r.url));
  return urls;
}

/** True when a console error line is noise rather than a defect of the site (see the doc page). */
export function isConsoleNoise(text: string, url: string | null, touched: Set<string>, uncaught: Set<string>): boolean {
  if (NOISE.some((re) => re.test(text))) return true;
  if (url && !/^https?:/i.test(url)) return true; // extensions, data: and about: documents
  // Chromium echoes an uncaught exception as "Uncaught <message>"; errors.uncaught_exception has it.
  if (text.startsWith('Uncaught') && [...uncaught].some((m) => m && text.includes(m))) return true;
  // CORS or network errors about a request our guard refused or our beacon stub answered.
  return urlsIn(text).some((u) => touched.has(normalizeUrl(u)));
}
