// Compliant: forms that send what visitors type over plain HTTP (an http: action, or a password field
// on a page that is itself served over HTTP).
import { copyHostKind, productionScheme } from '../../evidence/copy-host.js';
import { hostOf } from '../../evidence/views.js';
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft, Severity } from '../types.js';
import { capped, plural, siteDocuments } from './support/documents.js';

export const meta: CheckMeta = {
  id: 'security.insecure_forms',
  section: 'compliant',
  severity: 'critical',
  title: 'Forms send data over unencrypted HTTP',
  impact: 'Anything typed into these forms, passwords included, travels in clear text that anyone on the network can read.',
  docs: '/docs/checks/security.insecure_forms',
  requires: ['dom', 'headers'],
  // A copy recognised by its sitemap alone (copy-host.ts localCopyOf), and production's scheme as it writes it.
  optional: ['sitemaps'],
  thresholds: { password_form_severity: 'critical', other_form_severity: 'warning' },
};

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const found: { page: string; pageUrl: string; selector: string; action: string; method: string; has_password: boolean; reason: string; severity: Severity }[] = [];
  // A local copy is served over plain HTTP by its local server; production, as its pages write their
  // address, over HTTPS. A form submitting to the page's own server (no action, a relative one) moves
  // with the page: judged by production's scheme. An http: action written to another host stays.
  const production = views.localCopyOf;
  const secureOnProduction = production !== null && productionScheme(evidence, production) === 'https:';
  for (const d of siteDocuments(evidence, views)) {
    const https = d.https || secureOnProduction;
    for (const form of d.page.dom?.forms ?? []) {
      if (protocolOf(form.action) !== 'http:') continue; // https:, mailto:, javascript: …
      // On a copy, a form posting to the page's own server or to another server on this machine (the
      // copy's local API) moves with the site.
      if (secureOnProduction && (originOf(form.action) === originOf(d.page.final_url) || copyHostKind(hostOf(form.action)) === 'local')) continue;
      // On an HTTP page every form posts in clear; that is the missing HTTPS, judged elsewhere, unless a password is involved.
      if (!https && !form.has_password) continue;
      found.push({
        page: d.url,
        pageUrl: d.page.url,
        selector: form.selector,
        action: form.action,
        method: form.method,
        has_password: form.has_password,
        reason: https ? 'HTTPS page submits to an http: address' : 'password field on a page served over HTTP',
        severity: form.has_password ? 'critical' : 'warning',
      });
    }
  }
  if (!found.length) return [];
  const severity: Severity = found.some((f) => f.severity === 'critical') ? 'critical' : 'warning';
  const pages = new Set(found.map((f) => f.page));
  return [
    {
      page: pages.size === 1 ? found[0]!.pageUrl : undefined,
      severity,
      title: `${plural(found.length, 'form')} on ${plural(pages.size, 'page')} send data over HTTP${severity === 'critical' ? ', including passwords' : ''}`,
      evidence: { ...capped('forms', found.map(({ pageUrl: _p, ...f }) => f)) },
    },
  ];
}

export const check: Check = { meta, run };
