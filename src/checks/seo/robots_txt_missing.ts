// Found: robots.txt is absent, unreachable or not a robots file.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { isHtmlBody } from '../../evidence/html-body.js';
import { copyHostKind } from '../../evidence/copy-host.js';
import { startFolder } from '../../evidence/url-identity.js';
import { hostnameOf, type EvidenceViews } from '../../evidence/views.js';

export const meta: CheckMeta = {
  id: 'seo.robots_txt_missing',
  section: 'found',
  severity: 'info',
  title: 'No usable robots.txt',
  impact: 'Without robots.txt crawlers assume everything may be crawled; when it answers a server error, Google stops crawling the site until it recovers.',
  docs: '/docs/checks/seo.robots_txt_missing',
  requires: ['robots'],
  thresholds: { not_found_4xx: 'info', server_error_5xx_or_429: 'warning', unreachable: 'warning', html_body: 'info' },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  const robots = evidence.site.robots!;
  const base = { url: robots.url, status: robots.status, content_type: robots.content_type, error: robots.error };
  if (robots.status === null) {
    return [{ severity: 'warning', title: 'robots.txt could not be fetched', evidence: base }];
  }
  // RFC 9309 §2.3.1: 5xx (and Google adds 429) means "unreachable": Google treats the site as fully
  // disallowed for a while. Any other 4xx means "no robots.txt": everything may be crawled.
  if (robots.status >= 500 || robots.status === 429) {
    return [{ severity: 'warning', title: `robots.txt answers ${robots.status}, so crawlers back off`, evidence: base }];
  }
  if (robots.status >= 400) {
    // A project site on a hosting platform (owner.github.io/project/) cannot have one: robots.txt is the
    // host's, at its root, and the host's owner provides it. (A company blog under /blog/ controls its root.)
    const folder = startFolder(new URL(robots.url).origin, evidence.run.url);
    const host = views.localCopyOf ?? hostnameOf(robots.url);
    if (folder && copyHostKind(host) === 'platform') return [{ title: `robots.txt is missing (${robots.status}) at the host's root, which this site under ${folder} does not control`, evidence: { ...base, site_under_path: folder } }];
    return [{ title: `robots.txt is missing (${robots.status})`, evidence: base }];
  }
  if (robots.status === 200 && robots.body !== null && isHtmlBody(robots)) {
    return [{ title: 'robots.txt answers with an HTML page', evidence: { ...base, body_start: robots.body.slice(0, 120) } }];
  }
  return [];
}

export const check: Check = { meta, run };
