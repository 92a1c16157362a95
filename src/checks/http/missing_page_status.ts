// Works: a URL that cannot exist answers 200 (directly or after redirects) instead of 404/410, so
// every missing page on the site is a soft 404.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';

export const meta: CheckMeta = {
  id: 'http.missing_page_status',
  section: 'works',
  severity: 'warning',
  title: 'Missing pages answer 200 instead of 404',
  impact: 'Mistyped and removed URLs look like working pages: visitors get no clear "not found", search engines index the fallback page under endless URLs (Google reports them as soft 404s), and link checkers and monitors never see a broken link.',
  docs: '/docs/checks/http.missing_page_status',
  requires: ['missing_page_probe'],
  thresholds: { probe: 'GET of a random path on the start origin, redirects followed', flagged: 'final status 2xx' },
};

export function run(evidence: EvidenceBundle): FindingDraft[] {
  const probe = evidence.site.missing_page_probe!;
  const status = probe.status!;
  if (status < 200 || status > 299) return [];
  const landed = probe.final_url && probe.final_url !== probe.url ? new URL(probe.final_url) : null;
  const title = landed
    ? `A missing page redirects to ${landed.pathname}${landed.search} and answers ${status}`
    : `A missing page answers ${status} instead of 404`;
  return [
    {
      title,
      evidence: {
        probe_url: probe.url,
        status,
        final_url: probe.final_url,
        redirects: probe.redirects,
        content_type: probe.content_type,
        page_title: probe.title,
      },
    },
  ];
}

export const check: Check = { meta, run };
