// Compliant: pages any other site may embed in a frame (no CSP frame-ancestors, no X-Frame-Options).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isRestrictive, policiesOf } from './support/csp.js';
import { capped, groupPages, headerOf, plural, siteDocuments } from './support/documents.js';
import type { PageEvidence } from '../../evidence/types.js';

export const meta: CheckMeta = {
  id: 'security.missing_frame_protection',
  section: 'compliant',
  severity: 'warning',
  title: 'Pages can be framed by other sites (clickjacking)',
  impact: 'A hostile site can load your page invisibly in a frame and trick visitors into clicking buttons they cannot see.',
  docs: '/docs/checks/security.missing_frame_protection',
  requires: ['headers'],
  aboutServer: true,
    optional: ['dom'],
  thresholds: { observatory_modifier: -20 },
};

/** True when the page refuses to be framed by other origins. */
export function frameProtected(page: PageEvidence): boolean {
  // frame-ancestors only works from a header policy; browsers ignore it in <meta>.
  const ancestors = policiesOf(page)
    .filter((p) => p.source === 'header')
    .map((p) => p.directives.get('frame-ancestors'));
  if (ancestors.some((a) => isRestrictive(a))) return true;
  const xfo = headerOf(page, 'x-frame-options');
  if (!xfo) return false;
  // ALLOW-FROM is obsolete and ignored by current browsers; repeated values must all agree.
  const tokens = xfo.toLowerCase().split(',').map((t) => t.trim()).filter(Boolean);
  return tokens.length > 0 && tokens.every((t) => t === 'deny' || t === 'sameorigin');
}

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const docs = siteDocuments(evidence, views);
  const open = docs.filter((d) => !frameProtected(d.page));
  if (!open.length) return [];
  const ignored = open
    .map((d) => ({ url: d.url, value: headerOf(d.page, 'x-frame-options') }))
    .filter((x): x is { url: string; value: string } => x.value !== null);
  return [
    {
      page: open.length === 1 ? open[0]!.page.url : undefined,
      title: `No clickjacking protection on ${plural(open.length, 'page')} of ${docs.length}`,
      evidence: {
        pages_checked: docs.length,
        ...capped('pages', open.map((d) => d.url)),
        ignored_x_frame_options: groupPages(ignored),
      },
    },
  ];
}

export const check: Check = { meta, run };
