// Compliant (info): response headers announcing server or framework version numbers.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, headerOf, plural, siteDocuments } from './support/documents.js';

const PRODUCT_HEADERS = ['server', 'x-powered-by'];
// These carry nothing but a version number.
const VERSION_HEADERS = ['x-aspnet-version', 'x-aspnetmvc-version'];

export const meta: CheckMeta = {
  id: 'security.version_disclosure',
  section: 'compliant',
  severity: 'info',
  title: 'Headers reveal software versions',
  impact: 'Exact versions let attackers look up known vulnerabilities for your server without probing it.',
  docs: '/docs/checks/security.version_disclosure',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { headers: [...PRODUCT_HEADERS, ...VERSION_HEADERS].join(',') },
};

/** True when a Server/X-Powered-By value names a version ("Apache/2.4.41", "PHP/8.1"), not just a product ("nginx"). */
export function hasVersion(value: string): boolean {
  return /[A-Za-z][\w.-]*\/\d/.test(value) || /\b\d+\.\d+/.test(value);
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const disclosed = new Map<string, { header: string; value: string; pages: string[] }>();
  const docs = siteDocuments(evidence, views);
  for (const d of docs) {
    for (const name of [...PRODUCT_HEADERS, ...VERSION_HEADERS]) {
      const value = headerOf(d.page, name);
      if (!value || (PRODUCT_HEADERS.includes(name) && !hasVersion(value))) continue;
      const key = `${name}: ${value}`;
      const prev = disclosed.get(key);
      if (prev) prev.pages.push(d.url);
      else disclosed.set(key, { header: name, value: value.slice(0, 200), pages: [d.url] });
    }
  }
  if (!disclosed.size) return [];
  const list = [...disclosed.values()];
  const pages = new Set(list.flatMap((l) => l.pages));
  return [
    {
      page: pages.size === 1 ? docs.find((d) => pages.has(d.url))!.page.url : undefined,
      title: `Version numbers disclosed in ${list.map((l) => `${l.header}: ${l.value}`).slice(0, 2).join('; ')} on ${plural(pages.size, 'page')}`,
      evidence: {
        ...capped('headers', list.map((l) => ({ header: l.header, value: l.value, pages: l.pages.length, example: l.pages[0] }))),
        pages_affected: pages.size,
      },
    },
  ];
}

export const check: Check = { meta, run };
