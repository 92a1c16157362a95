// Works: responsive image candidates (`srcset`, `<picture><source srcset>`) that answer 404/410.
// The browser loads one candidate for its screen; the others were checked by request (HEAD, then GET).
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { goneResources, pathOf, resourceDrafts } from './support/unloaded_resources.js';

export const meta: CheckMeta = {
  id: 'http.srcset_broken',
  section: 'works',
  // The same harm as http.failed_resource's first-party image failures, but only for visitors whose
  // screen picks that candidate (another density or width), hence one step lower than a broken <img>.
  severity: 'warning',
  title: 'Responsive image candidate is missing',
  impact: 'Visitors whose screen picks this image size (phones, high-density displays) see a broken image.',
  docs: '/docs/checks/http.srcset_broken',
  requires: ['resource_checks', 'requests'],
  thresholds: { broken_statuses: '404, 410', loaded_candidates: 'http.failed_resource' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  return resourceDrafts(goneResources(evidence, ['srcset']), (c) => `Image candidate ${pathOf(c.url)} is missing (${c.status})`);
}

export const check: Check = { meta, run };
