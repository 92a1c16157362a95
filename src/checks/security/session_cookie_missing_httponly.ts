// Compliant: session or login cookies the server sets without HttpOnly, readable by any script.
import type { EvidenceBundle } from '../../evidence/types.js';
import type { EvidenceViews } from '../../evidence/views.js';
import type { Check, CheckMeta, FindingDraft } from '../types.js';
import { capped, plural } from './support/documents.js';
import { isSessionLike, siteCookies } from './support/set-cookie.js';

export const meta: CheckMeta = {
  id: 'security.session_cookie_missing_httponly',
  section: 'compliant',
  severity: 'warning',
  title: 'Session cookies are readable by scripts (no HttpOnly)',
  impact: 'Any injected or compromised script can read a session cookie without HttpOnly and take over the visitor\'s account.',
  docs: '/docs/checks/security.session_cookie_missing_httponly',
  requires: ['headers', 'requests'],
  thresholds: { session_names: 'sess, login, logged_in, sid, auth, jwt, remember (not csrf/xsrf)', observatory_modifier: -30 },
};

export function run(evidence: EvidenceBundle, views: EvidenceViews): FindingDraft[] {
  // Only server-set cookies are judged: cookies written by scripts (analytics) cannot be HttpOnly by design.
  const exposed = siteCookies(evidence, views).filter((c) => !c.httpOnly && isSessionLike(c.name));
  if (!exposed.length) return [];
  return [
    {
      page: exposed.length === 1 && exposed[0]!.pages.length === 1 ? exposed[0]!.pages[0] : undefined,
      title: `${plural(exposed.length, 'session cookie')} without HttpOnly: ${exposed.slice(0, 3).map((c) => c.name).join(', ')}${exposed.length > 3 ? ', …' : ''}`,
      evidence: {
        ...capped('cookies', exposed.map((c) => ({ name: c.name, set_by: c.url, set_cookie: c.header, pages: c.pages.length }))),
      },
    },
  ];
}

export const check: Check = { meta, run };
