// Compliant: first-party responses that combine Access-Control-Allow-Credentials: true with a
// wildcard or "null" Access-Control-Allow-Origin.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { capped, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.cors_misconfiguration',
  section: 'compliant',
  severity: 'warning',
  title: 'CORS allows credentialed requests from any origin',
  impact: 'Allowing the "null" origin with credentials lets sandboxed pages on any site read your visitors\' logged-in responses.',
  docs: '/docs/checks/security.cors_misconfiguration',
  requires: ['headers', 'requests'],
    optional: ['dom'],
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const found = new Map<string, { url: string; allow_origin: string; severity: Severity; reason: string }>();
  for (const { page } of siteDocuments(evidence, views)) {
    const responses = [{ url: page.final_url, headers: page.headers }];
    for (const r of page.requests) {
      if (!r.blocked && !r.beacon_stubbed && r.status !== null && views.isFirstParty(r.url)) responses.push({ url: r.url, headers: r.response_headers });
    }
    for (const { url, headers } of responses) {
      if ((headers['access-control-allow-credentials'] ?? '').trim().toLowerCase() !== 'true') continue;
      const origin = (headers['access-control-allow-origin'] ?? '').trim();
      if (found.has(url)) continue;
      if (origin === 'null') {
        found.set(url, { url, allow_origin: origin, severity: 'warning', reason: 'any sandboxed or file: page sends Origin: null and may read credentialed responses' });
      } else if (origin === '*') {
        // Browsers refuse this pair for credentialed requests: nothing leaks, but the API is misconfigured.
        found.set(url, { url, allow_origin: origin, severity: 'info', reason: 'wildcard with credentials is rejected by browsers; credentialed cross-origin use fails' });
      }
    }
  }
  if (!found.size) return [];
  const list = [...found.values()];
  const severity: Severity = list.some((l) => l.severity === 'warning') ? 'warning' : 'info';
  return [
    {
      severity,
      title: `${plural(list.length, 'response')} allow credentials with Access-Control-Allow-Origin ${[...new Set(list.map((l) => l.allow_origin))].join(' / ')}`,
      evidence: { ...capped('responses', list.map(({ severity: _s, ...l }) => l)) },
    },
  ];
}

export const check: Check = { meta, run };
