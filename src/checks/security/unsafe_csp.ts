// Compliant: a Content-Security-Policy that does not really restrict scripts: no script-src or
// default-src, 'unsafe-inline' without nonces or hashes, sources like https: or *, or 'unsafe-eval'.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { normalizePolicy, policiesOf, readScripts, type Policy } from './support/csp.js';
import { capped, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.unsafe_csp',
  section: 'compliant',
  severity: 'warning',
  title: 'Content Security Policy does not stop injected scripts',
  impact: 'A policy that still allows inline or arbitrary scripts gives no protection against cross-site scripting (XSS).',
  docs: '/docs/checks/security.unsafe_csp',
  requires: ['headers'],
    optional: ['dom'],
  thresholds: { observatory_unsafe_inline: -20, observatory_unsafe_eval: -10 },
};

/**
 * What a page's enforced policies still allow. Every policy is enforced, so scripts are restricted
 * as soon as one policy restricts them: a weakness counts only when every script-governing policy has it.
 */
export function scriptWeaknesses(policies: Policy[]): string[] {
  const readings = policies.map(readScripts).filter((r) => r.restricts);
  if (!readings.length) return ['no script-src or default-src: scripts are not restricted'];
  const out: string[] = [];
  if (readings.every((r) => r.allowsInline)) out.push("'unsafe-inline' without a nonce or hash: inline scripts run");
  if (readings.every((r) => r.broad.length)) out.push(`scripts allowed from ${[...new Set(readings.flatMap((r) => r.broad))].join(' ')}`);
  if (readings.every((r) => r.allowsEval)) out.push("'unsafe-eval': strings can be run as code");
  return out;
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const affected: { url: string; pageUrl: string; weaknesses: string[]; policy: string }[] = [];
  for (const d of siteDocuments(evidence, views)) {
    const policies = policiesOf(d.page);
    if (!policies.length) continue; // security.missing_csp reports these
    const weaknesses = scriptWeaknesses(policies);
    if (weaknesses.length) affected.push({ url: d.url, pageUrl: d.page.url, weaknesses, policy: normalizePolicy(policies.map((p) => p.text).join(', ')) });
  }
  if (!affected.length) return [];
  const weaknesses = [...new Set(affected.flatMap((a) => a.weaknesses))];
  const evalOnly = weaknesses.every((w) => w.startsWith("'unsafe-eval'"));
  return [
    {
      page: affected.length === 1 ? affected[0]!.pageUrl : undefined,
      // 'unsafe-eval' alone only matters once an attacker controls a string that reaches eval; the
      // Observatory weighs it half as much as 'unsafe-inline'.
      severity: evalOnly ? 'info' : 'warning',
      title: `Content Security Policy allows ${evalOnly ? "'unsafe-eval'" : 'injected scripts'} on ${plural(affected.length, 'page')}`,
      evidence: {
        weaknesses,
        policies: [...new Set(affected.map((a) => a.policy))].slice(0, 3),
        ...capped('pages', affected.map((a) => a.url)),
      },
    },
  ];
}

export const check: Check = { meta, run };
