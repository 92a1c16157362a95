// Compliant (info): a Content-Security-Policy that leaves <base> or plugin content unrestricted.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isRestrictive, normalizePolicy, policiesOf, type Policy } from './support/csp.js';
import { capped, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.csp_hardening',
  section: 'compliant',
  severity: 'info',
  title: 'Content Security Policy misses base-uri or object-src',
  impact: 'An injected <base> tag can redirect your relative script URLs to an attacker, even under a nonce-based policy.',
  docs: '/docs/checks/security.csp_hardening',
  requires: ['headers'],
    optional: ['dom'],
};

/** Directives that a strict policy should set and these policies leave open. */
export function missingHardening(policies: Policy[]): string[] {
  const out: string[] = [];
  // base-uri does not fall back to default-src.
  if (!policies.some((p) => isRestrictive(p.directives.get('base-uri')))) out.push('base-uri');
  const objects = (p: Policy) => p.directives.get('object-src') ?? p.directives.get('default-src');
  if (!policies.some((p) => isRestrictive(objects(p)))) out.push('object-src');
  return out;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const affected: { url: string; pageUrl: string; missing: string[]; policy: string }[] = [];
  for (const d of siteDocuments(evidence, views)) {
    const policies = policiesOf(d.page);
    if (!policies.length) continue;
    const missing = missingHardening(policies);
    if (missing.length) affected.push({ url: d.url, pageUrl: d.page.url, missing, policy: normalizePolicy(policies.map((p) => p.text).join(', ')) });
  }
  if (!affected.length) return [];
  const missing = [...new Set(affected.flatMap((a) => a.missing))].sort();
  return [
    {
      page: affected.length === 1 ? affected[0]!.pageUrl : undefined,
      title: `Content Security Policy without ${missing.join(' or ')} on ${plural(affected.length, 'page')}`,
      evidence: {
        missing_directives: missing,
        recommended: "base-uri 'none' (or 'self'); object-src 'none'",
        policies: [...new Set(affected.map((a) => a.policy))].slice(0, 3),
        ...capped('pages', affected.map((a) => a.url)),
      },
    },
  ];
}

export const check: Check = { meta, run };
